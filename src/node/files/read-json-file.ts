import { readFile } from 'node:fs/promises'

/**
 * A JSON file's data. A file that cannot be read or is not JSON is `fail(message)`, so each
 * caller throws its own error naming the file (a definition, a recording) with the same words.
 */
export async function readJsonFile(path: string, fail: (message: string) => Error): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw fail(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw fail(`not valid JSON: ${(error as Error).message}`)
  }
}
