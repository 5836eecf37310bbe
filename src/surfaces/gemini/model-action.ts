import { tokenAuth } from '../../auth/token-auth.ts'
import { gatewayError } from '../../errors/gateway-error.ts'

/** The actions of `models/{model}:{action}` the gateway serves. */
export const modelActions = ['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents'] as const
export type ModelAction = (typeof modelActions)[number]

/** The Gemini API version a route is on: `/v1beta`, or `/v1` (the relay path, `@google/genai` 3.x's default). */
export type GeminiPrefix = '/v1beta' | '/v1'

export interface ModelTarget {
  model: string
  action: ModelAction
}

/**
 * The model and action of `models/{model}:{action}`, from the path segment after `models/`.
 * Split at the last ':' so a model id may itself contain one; a `models/` prefix (an encoded
 * full resource name) is dropped. `undefined` when the action is missing or not one we serve.
 */
export function parseModelTarget(segment: string): ModelTarget | undefined {
  const colon = segment.lastIndexOf(':')
  if (colon < 0) return undefined
  const action = segment.slice(colon + 1)
  if (!isModelAction(action)) return undefined
  return { model: segment.slice(0, colon).replace(/^models\//, ''), action }
}

/** How one action's route admits its model, and its line in the banner (without the path). */
export interface ModelActionOptions {
  admission: 'generation' | 'lookup'
  /** Whether the action always streams (scenario rules can match on it). */
  stream?: boolean
  banner: string
}

/**
 * What every route of `POST {prefix}/models/{model}:{action}` shares. msw's `:model` takes the
 * whole segment (`gemini-2.5-flash:generateContent`), so each action's route accepts only its
 * own; a path without a served action is no route's (the catch-all's 404, whatever the key).
 */
export function modelActionRoute(prefix: GeminiPrefix, action: ModelAction, options: ModelActionOptions) {
  return {
    method: 'POST' as const,
    path: `${prefix}/models/:model`,
    accepts: (params: Readonly<Record<string, string>>) => parseModelTarget(params.model ?? '')?.action === action,
    surface: 'gemini' as const,
    auth: tokenAuth(prefix === '/v1' ? 'gemini-relay' : 'gemini'),
    model: { read: pathModel(prefix, action), admission: options.admission, ...(options.stream && { stream: () => true }) },
    banner: prefix === '/v1' ? `${options.banner} (the relay path)` : options.banner,
    bannerPath: `${prefix}/models/{model}:${action}`,
  }
}

/** Reads the model of an accepted `{prefix}/models/{model}:{action}` path; an empty one is `path_model_missing`. */
function pathModel(prefix: GeminiPrefix, action: ModelAction) {
  return ({ params }: { params: Readonly<Record<string, string>> }): string => {
    const { model } = parseModelTarget(params.model ?? '')!
    if (model === '') throw gatewayError('path_model_missing', { expected: `${prefix}/models/{model}:${action}` }, { param: 'model' })
    return model
  }
}

function isModelAction(value: string): value is ModelAction {
  return (modelActions as readonly string[]).includes(value)
}
