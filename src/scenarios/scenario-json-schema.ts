import { z } from 'zod'
import { scenarioSchema } from './scenario-schema.ts'

/**
 * The JSON Schema of a scenario file, generated from the zod schema the gateway validates with,
 * so editors check files by the same rules. Input mode: fields with defaults are optional, as
 * they are when written by hand. Draft-07 is the draft editors complete best.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-07', reused: 'inline' }),
    title: 'llm-gateway-mock scenario',
    description:
      'A world patch, rules consulted on every generation request, and an optional script of steps. Use with `llm-gateway-mock --scenario FILE`, POST /__mock/scenario or gateway.useScenario().',
  }
}

/** The schema as the file `scenarios/scenario.schema.json` holds it. */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`
}
