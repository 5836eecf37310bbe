import { tokenAuth, type TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { countTokens, generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute, type Route, type RouteContext } from '../../../pipeline/route.ts'
import { countTokensResponse } from './count-tokens-response.ts'
import {
  countTokensConversation,
  countTokensRequestSchema,
  generateContentRequestSchema,
  generateConversation,
  type GenerateContentRequest,
} from './generate-request.ts'
import { generateContentResponse, geminiReplyShape } from './generate-response.ts'
import { generateStreamFrames } from './generate-stream.ts'
import { parseGenerateTarget, type GenerateAction } from './generate-target.ts'

type Prefix = '/v1beta' | '/v1'

/**
 * The routes of `POST {prefix}/models/{model}:{action}`. msw's `:model` takes the whole segment
 * (`gemini-2.5-flash:generateContent`), so each action's route accepts only its own; a path
 * without a served action is no route's (the catch-all's 404, whatever the key). The stream is
 * SSE with or without `?alt=sse`, as the gateway answers.
 */
function generateRoutes(prefix: Prefix): Route<TokenAuth, any>[] {
  const credentials = prefix === '/v1' ? 'gemini-relay' : 'gemini'
  const on = (action: GenerateAction) => ({
    method: 'POST' as const,
    path: `${prefix}/models/:model`,
    accepts: (params: Readonly<Record<string, string>>) => parseGenerateTarget(params.model ?? '')?.action === action,
    surface: 'gemini' as const,
    auth: tokenAuth(credentials),
  })
  const modelOf =
    (action: GenerateAction) =>
    ({ params }: { params: Readonly<Record<string, string>> }) => {
      const { model } = parseGenerateTarget(params.model ?? '')!
      if (model === '') throw gatewayError('path_model_missing', { expected: `${prefix}/models/{model}:${action}` }, { param: 'model' })
      return model
    }
  const answer = async (context: RouteContext<TokenAuth, GenerateContentRequest>, streamed: boolean) => {
    const generation = await generate(context, generateConversation(context.body))
    const shape = geminiReplyShape(context.profile.shapes.geminiReplies, generation.model)
    return streamed ? stream(generateStreamFrames(generation, shape), generation) : json(generateContentResponse(generation, shape))
  }
  const relay = prefix === '/v1' ? ' (the relay path)' : ''
  return [
    defineRoute({
      ...on('generateContent'),
      id: 'gemini.generate_content',
      body: { schema: generateContentRequestSchema },
      bannerPath: `${prefix}/models/{model}:generateContent`,
      model: { read: modelOf('generateContent'), admission: 'generation' },
      banner: `Gemini generateContent${relay}`,
      handle: (context) => answer(context, false),
    }),
    defineRoute({
      ...on('streamGenerateContent'),
      id: 'gemini.stream_generate_content',
      body: { schema: generateContentRequestSchema },
      bannerPath: `${prefix}/models/{model}:streamGenerateContent`,
      model: { read: modelOf('streamGenerateContent'), admission: 'generation', stream: () => true },
      banner: `Gemini streamGenerateContent (SSE)${relay}`,
      handle: (context) => answer(context, true),
    }),
    defineRoute({
      ...on('countTokens'),
      id: 'gemini.count_tokens',
      body: { schema: countTokensRequestSchema },
      bannerPath: `${prefix}/models/{model}:countTokens`,
      model: { read: modelOf('countTokens'), admission: 'lookup' },
      banner: `Gemini countTokens${relay}`,
      handle: async ({ body }) => json(countTokensResponse(await countTokens(countTokensConversation(body)))),
    }),
    // new-api has no countTokens: it validates, relays and bills the request as a generateContent.
    defineRoute({
      ...on('countTokens'),
      id: 'gemini.count_tokens_as_generation',
      optional: true,
      body: { schema: generateContentRequestSchema },
      bannerPath: `${prefix}/models/{model}:countTokens`,
      model: { read: modelOf('countTokens'), admission: 'generation' },
      banner: `Gemini countTokens, answered and billed as generateContent${relay}`,
      handle: (context) => answer(context, false),
    }),
  ]
}

/** `/v1beta/models/{model}:{action}` and the relay path `/v1/models/{model}:{action}` (`@google/genai` 3.x's default). */
export const geminiGenerateRoutes = [...generateRoutes('/v1beta'), ...generateRoutes('/v1')]
