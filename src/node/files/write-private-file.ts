import { randomBytes } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file readable by its owner alone, an existing one included (it may hold keys or what
 * clients sent), and whole at every moment: the text goes to a new owner-only file beside it
 * (made with `wx`, so never one planted there), which is renamed over the path. The temporary
 * file is removed when the write fails, and the failure thrown.
 */
export async function writePrivateFile(path: string, data: string | Iterable<string>): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, data, { mode: 0o600, flag: 'wx' })
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
}
