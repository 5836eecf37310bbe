import { readFile } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { resolveWorld } from '../world/resolve-world.ts'
import type { WorldData } from '../world/schemas.ts'
import { WorldError } from '../world/world-error.ts'

/**
 * Reads and validates a world file: JSON, or a TypeScript/JavaScript module whose default
 * export is a world or a patch (`defineWorld({...})`). Throws a `WorldError` that names the
 * file, the path inside it and what was expected.
 */
export async function loadWorldFile(path: string): Promise<WorldData> {
  const file = resolve(path)
  return resolveWorld(await readDefinition(file, path) as never, path)
}

async function readDefinition(file: string, shownAs: string): Promise<unknown> {
  const extension = extname(file)
  if (extension === '.json') {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      throw new WorldError(shownAs, [{ path: '', message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})` }])
    }
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new WorldError(shownAs, [{ path: '', message: `not valid JSON: ${(error as Error).message}` }])
    }
  }
  if (['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].includes(extension)) {
    let module: { default?: unknown }
    try {
      // tsx loads TypeScript without a build step; it is only imported when a .ts file is used.
      const { tsImport } = await import('tsx/esm/api')
      module = await tsImport(pathToFileURL(file).href, import.meta.url)
    } catch (error) {
      throw new WorldError(shownAs, [{ path: '', message: `cannot load the module: ${(error as Error).message}` }])
    }
    if (module.default === undefined) {
      throw new WorldError(shownAs, [{ path: '', message: 'expected a default export: `export default defineWorld({...})`' }])
    }
    return module.default
  }
  throw new WorldError(shownAs, [{ path: '', message: `expected a .json, .ts or .js file, got "${extension || 'no extension'}"` }])
}
