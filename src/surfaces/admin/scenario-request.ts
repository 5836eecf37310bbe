import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'
import { parseBody } from '../../pipeline/body/parse-body.ts'
import type { ScenarioInput } from '../../scenarios/scenario-schema.ts'
import type { ScenarioSpec } from '../../scenarios/to-scenario.ts'

// Each entry is checked for real by the gateway's useScenario, which names the scenario and the path at fault;
// here only the envelope's shape is checked.
const specSchema = lazySchema(() =>
  z.union([z.string().min(1), z.record(z.string(), z.unknown())], {
    error: 'expected a built-in scenario name or a scenario object',
  }),
)
const listSchema = lazySchema(() => z.strictObject({ scenarios: z.array(specSchema) }))

const route = 'POST /__mock/scenario'

/**
 * What `POST /__mock/scenario` asks for, in the order to apply: `{"scenarios": [name | object, …]}`
 * (`[]` clears), `{"name": "<built-in>"}` (a lone `name` cannot be a useful scenario of its own),
 * or one scenario object; and, for errors about an entry without a name, where the body has it.
 */
export function scenarioSpecsOf(body: Record<string, unknown>): { specs: ScenarioSpec[]; where: (index: number) => string } {
  if ('scenarios' in body) {
    return {
      specs: parseBody(listSchema, body).scenarios as ScenarioSpec[],
      where: (index) => `scenarios[${index}] in the body of ${route}`,
    }
  }
  const keys = Object.keys(body)
  const specs = keys.length === 1 && typeof body.name === 'string' ? [body.name] : [body as ScenarioInput]
  return { specs, where: () => `in the body of ${route}` }
}
