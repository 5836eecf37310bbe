import { recordingJsonSchemaOf } from '../recording/recording-json-schema.ts'
import { recordingSchemaOf } from '../recording/recording-schema.ts'
import { routes } from '../surfaces/routes.ts'

/** A recording file of this gateway's routes: what `llm-gateway-mock record` writes and a replay reads. */
export const recordingSchema = recordingSchemaOf(routes)

/** The JSON Schema of a recording file (schemas/recording.schema.json, `llm-gateway-mock schema recording`). */
export const recordingJsonSchema = (): Record<string, unknown> => recordingJsonSchemaOf(routes)
