import { z } from 'zod'

/**
 * A zod schema built the first time it is used rather than when its module loads. zod builds
 * every node of a schema eagerly, and the request, world and scenario schemas together were a
 * fifth of the CLI's cold start (docs/performance.md), most of it for routes and files a given run
 * never sees. It is zod's `z.lazy` over a builder that runs once, so the built schema, what
 * `.unwrap()` returns included, is always the same object.
 */
export function lazySchema<Schema extends z.ZodType>(build: () => Schema): z.ZodLazy<Schema> {
  let built: Schema | undefined
  return z.lazy(() => (built ??= build()))
}
