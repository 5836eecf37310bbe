import { z } from 'zod'

/**
 * A zod schema built the first time it is used rather than when its module loads. zod builds
 * every node of a schema eagerly, and building the request, world and scenario schemas weighed
 * on every cold start (docs/performance.md), mostly for routes and files a given run never sees.
 * It is zod's `z.lazy` over a builder that runs once, so the built schema, what `.unwrap()`
 * returns included, is always the same object.
 */
export function lazySchema<Schema extends z.ZodType>(build: () => Schema): z.ZodLazy<Schema> {
  let built: Schema | undefined
  return z.lazy(() => (built ??= build()))
}
