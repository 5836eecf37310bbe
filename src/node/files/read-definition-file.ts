import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { DefinitionIssue } from '../../definitions/definition-error.ts'
import { importTypeScript } from './import-typescript.ts'
import { readJsonFile } from './read-json-file.ts'

export interface DefinitionFileKind {
  /** The error to throw for a file that cannot be read, naming the file as the user wrote it. */
  error(shownAs: string, issues: DefinitionIssue[]): Error
  /** What the default export should look like, e.g. "export default defineWorld({...})". */
  defaultExport: string
}

/**
 * Reads a definition file as data: JSON, or a TypeScript/JavaScript module's default export
 * (TypeScript needs no build step: see `importTypeScript`). World and scenario files share this; a file
 * that cannot be read is `kind.error` naming the file, so the CLI reports it like a bad value.
 */
export async function readDefinitionFile(path: string, kind: DefinitionFileKind): Promise<unknown> {
  const file = resolve(path)
  const fail = (message: string) => kind.error(path, [{ path: '', message }])
  const extension = extname(file)
  if (extension === '.json') return readJsonFile(file, fail)
  if (['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].includes(extension)) {
    let module: { default?: unknown }
    try {
      module = await importModule(file, extension)
    } catch (error) {
      throw fail(`cannot load the module: ${(error as Error).message}`)
    }
    if (module.default === undefined) throw fail(`expected a default export: \`${kind.defaultExport}\``)
    return module.default
  }
  throw fail(`expected a .json, .ts or .js file, got "${extension || 'no extension'}"`)
}

let loads = 0

/**
 * A module file, loaded afresh each time (a file edited between two loads is read again).
 * TypeScript through `importTypeScript`: tsx, and esbuild with it, is loaded only for TypeScript,
 * as it costs a server's start-up time and memory that JSON and JavaScript files do without.
 */
async function importModule(file: string, extension: string): Promise<{ default?: unknown }> {
  const url = pathToFileURL(file)
  url.searchParams.set('llm-gateway-mock-load', String(++loads))
  if (['.ts', '.mts', '.cts'].includes(extension)) return importTypeScript(url)
  return import(url.href)
}
