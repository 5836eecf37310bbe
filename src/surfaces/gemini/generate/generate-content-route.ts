import type { AuthRequirement } from '../../../auth/auth-requirement.ts'
import { tokenAuth, type TokenAuth } from '../../../auth/token-auth.ts'
import { GatewayError } from '../../../errors/gateway-error.ts'
import { countTokens, generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../gateway/reply.ts'
import { requestBody } from '../../../gateway/request-body.ts'
import { defineRoute, type Route } from '../../../gateway/route.ts'
import { geminiCredentials } from '../../model-routes-auth.ts'
import { countTokensResponse } from './count-tokens-response.ts'
import { countTokensConversation, countTokensRequestSchema, generateContentRequestSchema, generateConversation } from './generate-request.ts'
import { generateContentResponse } from './generate-response.ts'
import { generateStreamFrames } from './generate-stream.ts'
import { invalidUrl, parseGenerateTarget } from './generate-target.ts'

const geminiKey = tokenAuth(geminiCredentials)

/**
 * The Gemini key rule, after one routing check: `models/{model}` without a served action is a
 * path no route serves, so it gets the catch-all's 404 whatever key came with it, as before
 * this route existed.
 */
const actionThenKey: AuthRequirement<TokenAuth> = {
  resolve(input) {
    const { pathname } = input.url
    if (!parseGenerateTarget(lastSegment(pathname))) throw invalidUrl(input.request, input.url)
    return geminiKey.resolve(input)
  },
}

/**
 * `POST {prefix}/models/{model}:{action}`. msw's `:model` takes the whole segment
 * (`gemini-2.5-flash:generateContent`), so one route serves every action. The stream is SSE
 * with or without `?alt=sse`, as the gateway answers.
 */
function generateContentRoute(prefix: '/v1beta' | '/v1'): Route<TokenAuth> {
  return defineRoute({
    method: 'POST',
    path: `${prefix}/models/:model`,
    // `/v1/models/{id}` without an action is an OpenAI-family path: its 404 keeps that envelope.
    surface: (_request, params) => (prefix === '/v1' && !(params.model ?? '').includes(':') ? 'openai' : 'gemini'),
    auth: actionThenKey,
    async handle(context) {
      const { request, url, params } = context
      const target = parseGenerateTarget(params.model ?? '')
      if (!target) throw invalidUrl(request, url)
      if (target.model === '') {
        throw new GatewayError('invalid_request_error', `The model name is missing: expected ${prefix}/models/{model}:${target.action}.`, { param: 'model' })
      }
      if (target.action === 'countTokens') {
        const body = await requestBody(context, countTokensRequestSchema)
        return json(countTokensResponse(await countTokens(context, target.model, countTokensConversation(body))))
      }
      const body = await requestBody(context, generateContentRequestSchema)
      const generation = await generate(context, target.model, generateConversation(body), target.action === 'streamGenerateContent')
      if (target.action === 'streamGenerateContent') return stream(generateStreamFrames(generation), generation)
      return json(generateContentResponse(generation))
    },
  })
}

function lastSegment(pathname: string): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1)
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** `/v1beta/models/{model}:{action}` and the relay path `/v1/models/{model}:{action}` (`@google/genai` 3.x's default). */
export const geminiGenerateRoutes = [generateContentRoute('/v1beta'), generateContentRoute('/v1')]
