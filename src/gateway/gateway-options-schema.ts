import { z } from 'zod'
import { zodIssues } from '../definitions/zod-issues.ts'
import { isBodyDepth, maxBodyDepthCeiling } from '../pipeline/body/body-depth.ts'
import { GatewayOptionsError } from './gateway-options-error.ts'

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value))

/** A value `accepts` takes, else "must be `wanted`, got …". */
const valueThat = <T>(accepts: (value: unknown) => boolean, wanted: string) =>
  z.custom<T>(accepts, { error: (issue) => `must be ${wanted}, got ${shown(issue.input)}` })

const isObject = (value: unknown) => typeof value === 'object' && value !== null
const isFunction = (value: unknown) => typeof value === 'function'
const integerFrom = (least: number) => (value: unknown) => Number.isSafeInteger(value) && (value as number) >= least
const aFunction = valueThat<never>(isFunction, 'a function')

/** Why `baseUrl` cannot be used, or undefined. */
function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return `must be an absolute URL such as "http://localhost:4010", got ${JSON.stringify(baseUrl)}`
  }
  if (url.search || url.hash) return `must not have a query or hash, got ${JSON.stringify(baseUrl)}`
  return undefined
}

/**
 * What `createGateway` takes (GatewayOptions), checked before anything is built: an option added
 * there and not here is refused as unknown. Worlds, scenarios, recordings and profiles are checked
 * further by their own schemas (WorldError, ScenarioError, …); functions are taken as they are.
 */
const gatewayOptionsSchema = z.strictObject({
  world: valueThat(
    (value) => isObject(value) || typeof value === 'string',
    'a world (an object), or under Node the path of a world file',
  ).optional(),
  baseUrl: z
    .string()
    .superRefine((value, context) => {
      const problem = baseUrlProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .optional(),
  anyModel: valueThat((value) => typeof value === 'string' && value !== '', 'a model id').optional(),
  maxBodyBytes: valueThat(integerFrom(1), 'a positive integer').optional(),
  maxBodyDepth: valueThat(isBodyDepth, `an integer from 1 to ${maxBodyDepthCeiling}`).optional(),
  scenarios: valueThat(Array.isArray, 'a list of scenarios (built-in names or scenario objects)').optional(),
  onRequest: aFunction.optional(),
  profile: valueThat((value) => isObject(value) || typeof value === 'string', 'a profile name or a profile').optional(),
  journalLimit: valueThat(integerFrom(1), 'a positive integer').optional(),
  replay: valueThat(
    (value) => isObject(value) || typeof value === 'string',
    'a recording, a list of them, or under Node a path',
  ).optional(),
  replayStrict: z.boolean().optional(),
  replaySpeed: valueThat((value) => Number.isFinite(value) && (value as number) >= 0, 'a number of 0 or more').optional(),
  detailLimit: valueThat(integerFrom(0), 'a non-negative integer').optional(),
  // A test's time source may carry more (its own `advance`): only these two are the gateway's.
  time: z.looseObject({ now: aFunction, sleep: aFunction }).optional(),
})

/** Throws a {@link GatewayOptionsError} naming every option `createGateway` cannot use, each at its path. */
export function assertGatewayOptions(options: unknown): void {
  const parsed = gatewayOptionsSchema.safeParse(options, { reportInput: true })
  if (!parsed.success) throw new GatewayOptionsError(zodIssues(gatewayOptionsSchema, parsed.error))
}
