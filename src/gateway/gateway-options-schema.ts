import { z } from 'zod'
import { zodIssues } from '../definitions/zod-issues.ts'
import { isBodyDepth, maxBodyDepthCeiling } from '../pipeline/body/body-depth.ts'
import { GatewayOptionsError } from './gateway-options-error.ts'

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value))

/** A value `accepts` takes, else "must be `wanted`, got …". */
const valueThat = (accepts: (value: unknown) => boolean, wanted: string) =>
  z.custom(accepts, { error: (issue) => `must be ${wanted}, got ${shown(issue.input)}` })

const isObject = (value: unknown) => typeof value === 'object' && value !== null
const isFunction = (value: unknown) => typeof value === 'function'
const integerFrom = (least: number) => (value: unknown) => Number.isSafeInteger(value) && (value as number) >= least
const isObjectOrPath = (value: unknown) => isObject(value) || typeof value === 'string'
const isModelId = (value: unknown) => typeof value === 'string' && value !== ''
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

/** One option: a plain check of its value, and its part of the schema, which has every message. */
interface OptionCheck {
  accepts: (value: unknown) => boolean
  schema: () => z.ZodType
}

/** An option whose check is one predicate: the schema refuses what it refuses, naming what it wants. */
const plain = (accepts: (value: unknown) => boolean, wanted: string): OptionCheck => ({
  accepts,
  schema: () => valueThat(accepts, wanted),
})

/**
 * What `createGateway` takes (GatewayOptions), checked before anything is built: an option added
 * there and not here is refused as unknown. Worlds, scenarios, recordings and profiles are checked
 * further by their own schemas (WorldError, ScenarioError, …); functions are taken as they are.
 * Options that all pass their plain checks are taken without the schema, whose building and first
 * parse were a part of every start (the CLI's included); anything else goes to the schema.
 */
const optionChecks: Record<string, OptionCheck> = {
  world: plain(isObjectOrPath, 'a world (an object), or under Node the path of a world file'),
  baseUrl: {
    accepts: (value) => typeof value === 'string' && baseUrlProblem(value) === undefined,
    schema: () =>
      z.string().superRefine((value, context) => {
        const problem = baseUrlProblem(value)
        if (problem) context.addIssue({ code: 'custom', message: problem })
      }),
  },
  anyModel: plain(isModelId, 'a model id'),
  maxBodyBytes: plain(integerFrom(1), 'a positive integer'),
  maxBodyDepth: plain(isBodyDepth, `an integer from 1 to ${maxBodyDepthCeiling}`),
  scenarios: plain(Array.isArray, 'a list of scenarios (built-in names or scenario objects)'),
  onRequest: plain(isFunction, 'a function'),
  profile: plain(isObjectOrPath, 'a profile name or a profile'),
  journalLimit: plain(integerFrom(1), 'a positive integer'),
  replay: plain(isObjectOrPath, 'a recording, a list of them, or under Node a path'),
  replayStrict: { accepts: (value) => typeof value === 'boolean', schema: () => z.boolean() },
  replaySpeed: plain(isSpeed, 'a number of 0 or more'),
  detailLimit: plain(integerFrom(0), 'a non-negative integer'),
  // A test's time source may carry more (its own `advance`): only these two are the gateway's.
  time: {
    accepts: (value) =>
      isObject(value) &&
      !Array.isArray(value) &&
      isFunction((value as { now?: unknown }).now) &&
      isFunction((value as { sleep?: unknown }).sleep),
    schema: () => z.looseObject({ now: valueThat(isFunction, 'a function'), sleep: valueThat(isFunction, 'a function') }),
  },
}

let builtSchema: z.ZodType | undefined
const gatewayOptionsSchema = (): z.ZodType =>
  (builtSchema ??= z.strictObject(
    Object.fromEntries(Object.entries(optionChecks).map(([name, check]) => [name, check.schema().optional()])),
  ))

/**
 * Whether every option is one the schema knows, with a value it accepts (or undefined). Read as
 * the schema reads them: each known option by name, then every enumerable key, inherited too.
 */
export function plainlyAccepted(options: unknown): boolean {
  if (!isObject(options) || Array.isArray(options)) return false
  const given = options as Record<string, unknown>
  for (const [name, check] of Object.entries(optionChecks)) {
    const value = given[name]
    if (value !== undefined && !check.accepts(value)) return false
  }
  for (const name in given) if (!Object.hasOwn(optionChecks, name)) return false
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
