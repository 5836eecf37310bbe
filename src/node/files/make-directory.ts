import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * `mkdir -p`, failing where Node's `mkdir(path, { recursive: true })` spins for ever: in a folder
 * that exists but takes no new entry and answers ENOENT (`/proc`), Node makes the parent again and
 * again. Here an ENOENT whose parent is a folder is final.
 */
export async function makeDirectory(path: string, mode?: number): Promise<void> {
  try {
    await mkdir(path, { mode })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' && (await isDirectory(path))) return
    const parent = dirname(path)
    if (code !== 'ENOENT' || parent === path || (await isDirectory(parent))) throw error
    await makeDirectory(parent, mode)
    await mkdir(path, { mode }).catch(async (again: unknown) => {
      // Made meanwhile by another process: what was wanted.
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST' || !(await isDirectory(path))) throw again
    })
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  )
}
