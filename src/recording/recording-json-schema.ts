import { fileJsonSchema } from '../schema/json-schema-file.ts'
import { recordingSchema } from './recording-schema.ts'

/** The JSON Schema of a recording file, generated from the zod schema replays validate with, so editors check hand edits by the same rules. */
export const recordingJsonSchema = (): Record<string, unknown> =>
  fileJsonSchema(
    recordingSchema,
    'llm-gateway-mock recording',
    'Exchanges recorded from an upstream gateway by `llm-gateway-mock record`, replayed by `serve --replay DIR` or createGateway({ replay }). docs/recording.md describes every field and the matching rules.',
  )
