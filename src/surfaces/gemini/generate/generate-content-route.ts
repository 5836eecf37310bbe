import { tokenAuth, type TokenAuth } from '../../../auth/token-auth.ts'
import { GatewayError } from '../../../errors/gateway-error.ts'
import { countTokens, generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../gateway/reply.ts'
import { requestBody } from '../../../gateway/request-body.ts'
import { defineRoute, type Route } from '../../../gateway/route.ts'
import { geminiCredentials } from '../../model-routes-auth.ts'
import { countTokensResponse } from './count-tokens-response.ts'
import {
  countTokensConversation,
  countTokensRequestSchema,
  generateContentRequestSchema,
  generateConversation,
} from './generate-request.ts'
import { generateContentResponse } from './generate-response.ts'
import { generateStreamFrames } from './generate-stream.ts'
import { parseGenerateTarget } from './generate-target.ts'

/**
 * `POST {prefix}/models/{model}:{action}`. msw's `:model` takes the whole segment
 * (`gemini-2.5-flash:generateContent`), so one route serves every action. The stream is SSE
 * with or without `?alt=sse`, as the gateway answers.
 */
function generateContentRoute(prefix: '/v1beta' | '/v1'): Route<TokenAuth> {
  return defineRoute({
    method: 'POST',
    path: `${prefix}/models/:model`,
    // Without a served action the path is no route's: the catch-all's 404, whatever the key.
    accepts: (params) => parseGenerateTarget(params.model ?? '') !== undefined,
    surface: 'gemini',
    auth: tokenAuth(geminiCredentials),
    async handle(context) {
      const target = parseGenerateTarget(context.params.model ?? '')!
      if (target.model === '') {
        throw new GatewayError('invalid_request_error', `The model name is missing: expected ${prefix}/models/{model}:${target.action}.`, {
          param: 'model',
        })
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

/** `/v1beta/models/{model}:{action}` and the relay path `/v1/models/{model}:{action}` (`@google/genai` 3.x's default). */
export const geminiGenerateRoutes = [generateContentRoute('/v1beta'), generateContentRoute('/v1')]
