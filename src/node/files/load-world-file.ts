import { resolveWorld } from '../../world/resolve-world.ts'
import type { WorldData } from '../../world/schemas.ts'
import { WorldError } from '../../world/world-error.ts'
import { readDefinitionFile } from './read-definition-file.ts'

/**
 * Reads and validates a world file: JSON, or a TypeScript/JavaScript module whose default
 * export is a world or a patch (`defineWorld({...})`). Throws a `WorldError` that names the
 * file, the path inside it and what was expected.
 */
export async function loadWorldFile(path: string): Promise<WorldData> {
  const definition = await readDefinitionFile(path, {
    error: (shownAs, issues) => new WorldError(shownAs, issues),
    defaultExport: 'export default defineWorld({...})',
  })
  return resolveWorld(definition as never, path)
}
