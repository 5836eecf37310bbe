import { z } from 'zod'
import { recordingSchema } from './recording-schema.ts'

/**
 * The JSON Schema of a recording file, generated from the zod schema replays validate with, so
 * editors check hand edits by the same rules. Input mode (fields with defaults are optional);
 * draft-07, which editors complete best.
 */
export function recordingJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(recordingSchema, { io: 'input', target: 'draft-07', reused: 'inline' }),
    title: 'llm-gateway-mock recording',
    description:
      'Exchanges recorded from an upstream gateway by `llm-gateway-mock record`, replayed by `serve --replay DIR` or createGateway({ replay }). docs/recording.md describes every field and the matching rules.',
  }
}

/** The schema as the file `schemas/recording.schema.json` holds it. */
export function recordingJsonSchemaText(): string {
  return `${JSON.stringify(recordingJsonSchema(), null, 2)}\n`
}
