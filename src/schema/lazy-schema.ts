import { z } from 'zod'

/**
 * A zod schema built the first time it is used rather than when its module loads. zod builds
 * every node of a schema eagerly, and building the request, world and scenario schemas weighed
 * on every cold start (docs/performance.md), mostly for routes and files a given run never sees.
 * It is zod's `z.lazy` over a builder that runs once, so the built schema, what `.unwrap()`
 * returns included, is always the same object.
 *
 * Not even the `z.lazy` is made when the module loads: a zod object defines dozens of closures,
 * and the CLI's serve bundle loads zod itself only when a schema is first used (scripts/build.ts).
 * The object returned has no zod in it until its first property read (or `in` test), which its
 * prototype catches: it then becomes the `z.lazy` in place (zod's constructor run on it, as
 * `new` would), so that it is the schema zod sees everywhere, the same object it was.
 */
export function lazySchema<Schema extends z.ZodType>(build: () => Schema): z.ZodLazy<Schema> {
  let built: Schema | undefined
  const becomeSchema = () => {
    Object.setPrototypeOf(standIn, z.ZodLazy.prototype)
    // zod's constructors take `this` when called without `new` (core's `$constructor`): this is
    // `z.lazy(getter)`, made on `standIn`.
    ;(z.ZodLazy as unknown as (this: object, def: z.core.$ZodLazyDef) => void).call(standIn, {
      type: 'lazy',
      getter: () => (built ??= build()),
    })
    return standIn
  }
  // Reached only until the stand-in becomes its schema, which takes this prototype's place.
  const firstUse = new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(becomeSchema(), key),
      has: (_, key) => key in becomeSchema(),
    },
  )
  const standIn: object = Object.create(firstUse)
  return standIn as z.ZodLazy<Schema>
}
