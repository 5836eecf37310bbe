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
const isWorld = (value: unknown) => isObject(value) || typeof value === 'string'
const isModelId = (value: unknown) => typeof value === 'string' && value !== ''
const isProfile = (value: unknown) => isObject(value) || typeof value === 'string'
const isReplay = (value: unknown) => isObject(value) || typeof value === 'string'
const isSpeed = (value: unknown) => Number.isFinite(value) && (value as number) >= 0

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
 * Built on first use: only options that `plainlyAccepted` does not take need it.
 */
let builtSchema: z.ZodType | undefined
const gatewayOptionsSchema = (): z.ZodType =>
  (builtSchema ??= z.strictObject({
    world: valueThat(isWorld, 'a world (an object), or under Node the path of a world file').optional(),
    baseUrl: z
      .string()
      .superRefine((value, context) => {
        const problem = baseUrlProblem(value)
        if (problem) context.addIssue({ code: 'custom', message: problem })
      })
      .optional(),
    anyModel: valueThat(isModelId, 'a model id').optional(),
    maxBodyBytes: valueThat(integerFrom(1), 'a positive integer').optional(),
    maxBodyDepth: valueThat(isBodyDepth, `an integer from 1 to ${maxBodyDepthCeiling}`).optional(),
    scenarios: valueThat(Array.isArray, 'a list of scenarios (built-in names or scenario objects)').optional(),
    onRequest: valueThat<never>(isFunction, 'a function').optional(),
    profile: valueThat(isProfile, 'a profile name or a profile').optional(),
    journalLimit: valueThat(integerFrom(1), 'a positive integer').optional(),
    replay: valueThat(isReplay, 'a recording, a list of them, or under Node a path').optional(),
    replayStrict: z.boolean().optional(),
    replaySpeed: valueThat(isSpeed, 'a number of 0 or more').optional(),
    detailLimit: valueThat(integerFrom(0), 'a non-negative integer').optional(),
    // A test's time source may carry more (its own `advance`): only these two are the gateway's.
    time: z.looseObject({ now: valueThat<never>(isFunction, 'a function'), sleep: valueThat<never>(isFunction, 'a function') }).optional(),
  }))

/**
 * What the schema accepts, option by option, as plain checks: options every one of which passes
 * are taken without the schema, whose building and first parse were a part of every start (the
 * CLI's included). Anything else goes to the schema, which has the last word and every message.
 */
const accepts: Record<string, (value: unknown) => boolean> = {
  world: isWorld,
  baseUrl: (value) => typeof value === 'string' && baseUrlProblem(value) === undefined,
  anyModel: isModelId,
  maxBodyBytes: integerFrom(1),
  maxBodyDepth: isBodyDepth,
  scenarios: Array.isArray,
  onRequest: isFunction,
  profile: isProfile,
  journalLimit: integerFrom(1),
  replay: isReplay,
  replayStrict: (value) => typeof value === 'boolean',
  replaySpeed: isSpeed,
  detailLimit: integerFrom(0),
  time: (value) =>
    isObject(value) &&
    !Array.isArray(value) &&
    isFunction((value as { now?: unknown }).now) &&
    isFunction((value as { sleep?: unknown }).sleep),
}

/**
 * Whether every option is one the schema knows, with a value it accepts (or undefined). Read as
 * the schema reads them: each known option by name, then every enumerable key, inherited too.
 */
export function plainlyAccepted(options: unknown): boolean {
  if (!isObject(options) || Array.isArray(options)) return false
  const given = options as Record<string, unknown>
  for (const [name, accept] of Object.entries(accepts)) {
    const value = given[name]
    if (value !== undefined && !accept(value)) return false
  }
  for (const name in given) if (!Object.hasOwn(accepts, name)) return false
  return true
}

/** Whether the schema itself accepts `options` (for tests: `plainlyAccepted` must never take more). */
export function schemaAccepts(options: unknown): boolean {
  return gatewayOptionsSchema().safeParse(options).success
}

/** Throws a {@link GatewayOptionsError} naming every option `createGateway` cannot use, each at its path. */
export function assertGatewayOptions(options: unknown): void {
  if (plainlyAccepted(options)) return
  const schema = gatewayOptionsSchema()
  const parsed = schema.safeParse(options, { reportInput: true })
  if (!parsed.success) throw new GatewayOptionsError(zodIssues(schema, parsed.error))
}
