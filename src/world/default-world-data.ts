import { defaultWorld } from './default-world.ts'
import { worldSchema, type WorldData } from './schemas.ts'

/**
 * The default world, validated: a fresh copy on each call (a gateway changes its world). The
 * CLI's bundle (scripts/build.ts) replaces this module by the result computed when it is built,
 * as JSON, so that a start does not parse the default world with zod.
 */
export function defaultWorldData(): WorldData {
  return worldSchema.parse(defaultWorld)
}
