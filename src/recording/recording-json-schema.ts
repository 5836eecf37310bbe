import { fileJsonSchema } from '../schema/json-schema-file.ts'
import type { Route } from '../pipeline/route.ts'
import { recordingSchemaOf } from './recording-schema.ts'

/** The JSON Schema of a recording file naming `routes`, generated from the zod schema replays validate with, so editors check hand edits by the same rules. */
export const recordingJsonSchemaOf = (routes: readonly Route[]): Record<string, unknown> =>
  fileJsonSchema(
    recordingSchemaOf(routes),
    'llm-gateway-mock recording',
    'Exchanges recorded from an upstream gateway by `llm-gateway-mock record`, replayed by `serve --replay DIR` or createGateway({ replay }). docs/recording.md describes every field and the matching rules.',
  )
