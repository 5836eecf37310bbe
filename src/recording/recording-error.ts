import type { z } from 'zod'
import { DefinitionError, dedupeIssues, formatPath, type WorldIssue } from '../world/world-error.ts'
import { recordingSchema, type RecordingInput } from './recording-schema.ts'
import type { NamedRecording } from './replay.ts'

/** A recording that cannot be replayed; the message lists every problem with its path in the file. */
export class RecordingError extends DefinitionError {
  constructor(source: string, issues: readonly WorldIssue[]) {
    super('recording', source, issues)
    this.name = 'RecordingError'
  }
}

/** A recording checked against the format, named for reports: `name`, else the recording's own `name`, else `fallbackName`. */
export function parseRecording(input: unknown, fallbackName: string, name?: string): NamedRecording {
  const shown = name ?? (typeof (input as { name?: unknown })?.name === 'string' ? (input as { name: string }).name : fallbackName)
  const result = recordingSchema.safeParse(input)
  if (!result.success) throw new RecordingError(shown, issuesOf(result.error))
  return { name: shown, recording: result.data }
}

/** Recordings given as data (`createGateway({ replay })`), each checked and named `replay[i]` unless it has a name. */
export function namedRecordings(replay: RecordingInput | readonly RecordingInput[]): NamedRecording[] {
  const list: readonly unknown[] = Array.isArray(replay) ? replay : [replay]
  return list.map((input, index) => {
    if (typeof input === 'string') {
      throw new TypeError(
        `createGateway: replay[${index}] is a path (${JSON.stringify(input)}), which only Node can read: import createGateway from 'llm-gateway-mock' in Node (or use loadRecordings from 'llm-gateway-mock/node'), or pass the recordings as data (the parsed JSON of each file)`,
      )
    }
    return parseRecording(input, Array.isArray(replay) ? `replay[${index}]` : 'replay')
  })
}

function issuesOf(error: z.ZodError): WorldIssue[] {
  return dedupeIssues(error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })))
}
