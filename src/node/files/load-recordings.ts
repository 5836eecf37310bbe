import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { RecordingError } from '../../recording/recording-error.ts'
import type { RecordingInput } from '../../recording/recording-schema.ts'
import { readJsonFile } from './read-json-file.ts'

/**
 * Reads recordings for a replay: each path a recording file, or a directory whose `.json` files
 * (in its subdirectories too, in the order of their paths) are recordings. Each is named by its
 * path, which reports and the journal show; `createGateway({ replay })` checks them against the
 * format. A path that cannot be read, a file that is not JSON and a directory without recordings
 * are a `RecordingError`.
 */
export async function loadRecordings(paths: string | readonly string[]): Promise<RecordingInput[]> {
  const loaded: RecordingInput[] = []
  for (const path of typeof paths === 'string' ? [paths] : paths) {
    const files = await recordingFiles(path)
    for (const file of files) loaded.push(await readRecording(file))
  }
  return loaded
}

async function recordingFiles(path: string): Promise<string[]> {
  let isDirectory: boolean
  try {
    isDirectory = (await stat(path)).isDirectory()
  } catch (error) {
    throw new RecordingError(path, [{ path: '', message: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})` }])
  }
  if (!isDirectory) return [path]
  const entries = await readdir(path, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => relative(path, a).localeCompare(relative(path, b)))
  if (files.length === 0) throw new RecordingError(path, [{ path: '', message: 'no recording (.json file) in this directory' }])
  return files
}

async function readRecording(file: string): Promise<RecordingInput> {
  const fail = (message: string) => new RecordingError(file, [{ path: '', message }])
  const data = await readJsonFile(file, fail)
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw fail('expected a recording: an object with "version" and "exchanges"')
  return { ...(data as RecordingInput), name: file }
}
