import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The `$schema` of a file written into `directory` (a recording, an imported world): the path of
 * the package's `schemas/<name>` (e.g. `world.schema.json`) relative to the file, which is how
 * editors resolve it. The package as the project installed it (a `node_modules` in the directory
 * or any folder above, as Node finds it), else this package's own copy (a clone, an npx cache);
 * the installed path as from the project's root when neither is found.
 */
export function schemaReference(name: string, directory: string): string {
  const schemaFile = join('schemas', name)
  const installed = join('node_modules', 'llm-gateway-mock', schemaFile)
  const from = resolve(directory)
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, installed)
    if (existsSync(candidate)) return asReference(relative(from, candidate))
    if (dirname(folder) === folder) break
  }
  const own = ownSchema(schemaFile)
  return asReference(own === undefined ? installed : relative(from, own))
}

/** The schema beside this module's package.json (the sources, or the built dist/ inside the package). */
function ownSchema(schemaFile: string): string | undefined {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json')) && existsSync(join(folder, schemaFile))) return join(folder, schemaFile)
    if (dirname(folder) === folder) return undefined
  }
}

/** A relative path as a reference: forward slashes, and `./` before a path that does not climb. */
function asReference(path: string): string {
  const slashed = path.split(sep).join('/')
  return slashed.startsWith('../') ? slashed : `./${slashed}`
}
