import { GatewayError } from '../../errors/gateway-error.ts'
import { readJsonBody } from '../../gateway/read-json-body.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import type { GatewayRuntime } from '../../gateway/runtime.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import { WorldError } from '../../world/world-error.ts'
import { adminAuth } from './admin-auth.ts'
import { scenarioSpecsOf } from './scenario-request.ts'

const activeScenarios = (runtime: GatewayRuntime) => ({ names: runtime.scenarios.names, report: runtime.scenarios.report() })

/** `GET /__mock/scenario`: the active scenarios' names, in the order applied, and their script's report. */
export const getScenarioRoute = defineRoute({
  method: 'GET',
  path: '/__mock/scenario',
  surface: 'admin',
  auth: adminAuth,
  handle: ({ runtime }) => json(activeScenarios(runtime)),
})

/**
 * `POST /__mock/scenario`: replaces the active scenarios, as `gateway.useScenario()` does. A bad
 * scenario is a 400 that says where and how to fix it, and changes nothing.
 */
export const useScenarioRoute = defineRoute({
  method: 'POST',
  path: '/__mock/scenario',
  surface: 'admin',
  auth: adminAuth,
  async handle({ request, runtime }) {
    const specs = scenarioSpecsOf(await readJsonBody(request, runtime))
    try {
      await runtime.control.useScenario(specs)
    } catch (error) {
      if (error instanceof ScenarioError || error instanceof WorldError) {
        throw new GatewayError('invalid_request_error', error.message, { cause: error })
      }
      throw error
    }
    return json(activeScenarios(runtime))
  },
})
