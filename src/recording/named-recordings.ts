import { zodIssues } from '../definitions/zod-issues.ts'
import { RecordingError } from './recording-error.ts'
import { recordingSchema, type RecordingInput } from './recording-schema.ts'
import type { NamedRecording } from './replay.ts'

/** A recording as data, or (under Node only) the path of a recording file or of a directory of them. */
export type ReplaySource = RecordingInput | string

/** A recording checked against the format, named for reports by its own `name` (a file's path, when read from one), else `fallbackName`. */
function parseRecording(input: unknown, fallbackName: string): NamedRecording {
  const own = (input as { name?: unknown } | null)?.name
  const shown = typeof own === 'string' ? own : fallbackName
  const result = recordingSchema.safeParse(input, { reportInput: true })
  if (!result.success) throw new RecordingError(shown, zodIssues(recordingSchema, result.error))
  return { name: shown, recording: result.data }
}

/** Recordings given as data (`createGateway({ replay })`), each checked and named `replay[i]` unless it has a name. */
export function namedRecordings(replay: ReplaySource | readonly ReplaySource[]): NamedRecording[] {
  const many = Array.isArray(replay)
  const list: readonly ReplaySource[] = many ? replay : [replay as ReplaySource]
  return list.map((input, index) => {
    const shown = many ? `replay[${index}]` : 'replay'
    if (typeof input === 'string') {
      throw new TypeError(
        `createGateway: ${shown} is a path (${JSON.stringify(input)}), which only Node can read: import createGateway from 'llm-gateway-mock' in Node (or use loadRecordings from 'llm-gateway-mock/node'), or pass the recordings as data (the parsed JSON of each file)`,
      )
    }
    return parseRecording(input, shown)
  })
}
