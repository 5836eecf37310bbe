import { unknownModel } from './check-world-references.ts'
import type { WorldData } from './schemas.ts'
import { WorldError } from './world-error.ts'

/** The source a refused `anyModel` option is reported under (the CLI says `--any-model` instead). */
export const anyModelOptionSource = 'passed to createGateway as anyModel'

/**
 * `world` with `settings.anyModel` set to `anyModel` (an option wins over the world's own), or a
 * `WorldError` when the world has no model of that id: the name that stands in for every missing
 * one must itself be served.
 */
export function withAnyModel(world: WorldData, anyModel: string | undefined): WorldData {
  if (anyModel === undefined) return world
  const ids = world.models.map((model) => model.id)
  if (!ids.includes(anyModel)) throw new WorldError(anyModelOptionSource, [{ path: 'anyModel', message: unknownModel(anyModel, ids) }])
  return { ...world, settings: { ...world.settings, anyModel } }
}
