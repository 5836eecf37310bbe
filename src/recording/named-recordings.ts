import { zodIssues } from '../definitions/zod-issues.ts'
import { abbreviatePath, maxBodyDepthCeiling, pathBeyondDepth } from '../pipeline/body/body-depth.ts'
import { RecordingError } from './recording-error.ts'
import type { Route } from '../pipeline/route.ts'
import { recordingSchemaOf, type RecordingInput } from './recording-schema.ts'
import type { NamedRecording } from './replay.ts'

/** A recording as data, or (under Node only) the path of a recording file or of a directory of them. */
export type ReplaySource = RecordingInput | string

/**
 * How deep a recording may nest: a body as deep as any gateway accepts (`maxBodyDepthCeiling`)
 * under the levels that hold it (the file, `exchanges`, the exchange, `response`).
 */
const maxRecordingDepth = maxBodyDepthCeiling + 4

/** A recording checked against the format of `routes`, named for reports by its own `name` (a file's path, when read from one), else `fallbackName`. */
function parseRecording(input: unknown, fallbackName: string, routes: readonly Route[]): NamedRecording {
  const own = (input as { name?: unknown } | null)?.name
  const shown = typeof own === 'string' ? own : fallbackName
  // Checked before the schema, which walks kept bodies recursively and would overflow the stack
  // (a RangeError naming nothing) a couple of thousand levels down.
  const tooDeep = pathBeyondDepth(input, maxRecordingDepth)
  if (tooDeep) {
    throw new RecordingError(shown, [
      {
        path: abbreviatePath(tooDeep),
        message: `nests deeper than ${maxRecordingDepth} levels of objects and arrays; a recording keeps bodies of at most ${maxBodyDepthCeiling} levels`,
      },
    ])
  }
  const recordingSchema = recordingSchemaOf(routes)
  const result = recordingSchema.safeParse(input, { reportInput: true })
  if (!result.success) throw new RecordingError(shown, zodIssues(recordingSchema, result.error))
  return { name: shown, recording: result.data }
}

/** Recordings given as data (`createGateway({ replay })`), each checked against the format of `routes` and named `replay[i]` unless it has a name. */
export function namedRecordings(replay: ReplaySource | readonly ReplaySource[], routes: readonly Route[]): NamedRecording[] {
  const many = Array.isArray(replay)
  const list: readonly ReplaySource[] = many ? replay : [replay as ReplaySource]
  return list.map((input, index) => {
    const shown = many ? `replay[${index}]` : 'replay'
    if (typeof input === 'string') {
      throw new TypeError(
        `createGateway: ${shown} is a path (${JSON.stringify(input)}), which only Node can read: import createGateway from 'llm-gateway-mock' in Node (or use loadRecordings from 'llm-gateway-mock/node'), or pass the recordings as data (the parsed JSON of each file)`,
      )
    }
    return parseRecording(input, shown, routes)
  })
}
