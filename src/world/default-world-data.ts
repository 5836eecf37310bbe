import { defaultWorld } from './default-world.ts'
import { worldSchema, type WorldData } from './schemas.ts'

/**
 * The default world, validated: a fresh copy on each call (a gateway changes its world). The
 * package's bundles (scripts/build.ts) replace this module by the result computed when they are
 * built, as JSON, so that a start or a test file's first createGateway() does not parse the
 * default world with zod.
 */
export function defaultWorldData(): WorldData {
  return worldSchema.parse(defaultWorld)
}
