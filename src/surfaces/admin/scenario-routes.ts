import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import type { GatewayRuntime } from '../../pipeline/gateway-runtime.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import { WorldError } from '../../world/world-error.ts'
import { adminAuth } from './admin-auth.ts'
import { scenarioSpecsOf } from './scenario-request.ts'

const activeScenarios = (runtime: GatewayRuntime) => ({ names: runtime.scenarios.names, report: runtime.scenarios.report() })

/** `GET /__mock/scenario`: the active scenarios' names, in the order applied, and their script's report. */
export const getScenarioRoute = defineRoute({
  id: 'admin.scenario',
  method: 'GET',
  path: '/__mock/scenario',
  surface: 'admin',
  auth: adminAuth,
  banner: 'active scenarios and their report',
  handle: ({ runtime }) => json(activeScenarios(runtime)),
})

/**
 * `POST /__mock/scenario`: replaces the active scenarios, as `gateway.useScenario()` does. A bad
 * scenario is a 400 that says where and how to fix it, and changes nothing.
 */
export const useScenarioRoute = defineRoute({
  id: 'admin.use_scenario',
  method: 'POST',
  path: '/__mock/scenario',
  surface: 'admin',
  auth: adminAuth,
  banner: '{"scenarios": [name | scenario, …]}; [] clears',
  // Any JSON object: scenarioSpecsOf tells its forms apart, and useScenario checks each scenario for real.
  body: { schema: lazySchema(() => z.record(z.string(), z.unknown())) },
  async handle({ body, runtime }) {
    const { specs, where } = scenarioSpecsOf(body)
    try {
      await runtime.control.useScenario(specs, where)
    } catch (error) {
      if (error instanceof ScenarioError || error instanceof WorldError) {
        throw gatewayError('scenario_invalid', { detail: error.message }, { cause: error })
      }
      throw error
    }
    return json(activeScenarios(runtime))
  },
})
