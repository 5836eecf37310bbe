import { readFile } from 'node:fs/promises'
import { pageFiles } from '../../surfaces/admin/inspector/page-files.ts'

// Where the page's files are beside this module in the sources. The built package bundles them
// (scripts/build.ts), so this is read only from the sources, as `npm start` and the tests run them.
const folder = new URL('../../surfaces/admin/inspector/page/', import.meta.url)

/** A file of the inspector's page, read from the sources; undefined for a name the page does not have. */
export async function readPageFileFromDisk(name: string): Promise<string | undefined> {
  if (!Object.hasOwn(pageFiles, name)) return undefined
  try {
    return await readFile(new URL(name, folder), 'utf8')
  } catch {
    return undefined
  }
}
