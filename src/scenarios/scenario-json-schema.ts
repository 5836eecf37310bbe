import { fileJsonSchema } from '../schema/json-schema-file.ts'
import { scenarioSchema } from './scenario-schema.ts'

/** The JSON Schema of a scenario file, generated from the zod schema the gateway validates with, so editors check files by the same rules. */
export const scenarioJsonSchema = (): Record<string, unknown> =>
  fileJsonSchema(
    scenarioSchema,
    'llm-gateway-mock scenario',
    'A world patch, rules consulted on every generation request, and an optional script of steps. Use with `llm-gateway-mock --scenario FILE`, POST /__mock/scenario or gateway.useScenario().',
  )
