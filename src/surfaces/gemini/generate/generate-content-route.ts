import type { TokenAuth } from '../../../auth/token-auth.ts'
import { countTokens, generate } from '../../../generation/generate.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute, type Route, type RouteContext } from '../../../pipeline/route.ts'
import { geminiStreamError } from '../gemini-stream-error.ts'
import { modelActionRoute, type GeminiPrefix } from '../model-action.ts'
import { countTokensResponse } from './count-tokens-response.ts'
import {
  countTokensConversation,
  countTokensRequestSchema,
  generateContentRequestSchema,
  generateConversation,
  type GenerateContentRequest,
} from './generate-request.ts'
import { generateContentResponse, geminiReplyShape } from './generate-response.ts'
import { generateRecording } from './generate-recording.ts'
import { generateStreamFrames } from './generate-stream.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/**
 * The generation routes of `POST {prefix}/models/{model}:{action}` (see model-action.ts). The
 * stream is SSE with or without `?alt=sse`, as the gateway answers.
 */
function generateRoutes(prefix: GeminiPrefix): Route<TokenAuth>[] {
  const answer = async (context: RouteContext<TokenAuth, GenerateContentRequest>, streamed: boolean) => {
    const generation = await generate(context, generateConversation(context.body))
    const shape = geminiReplyShape(context.profile.shapes.geminiReplies, generation.model)
    return streamed
      ? stream(generateStreamFrames(generation, shape), generation, geminiStreamError)
      : json(generateContentResponse(generation, shape))
  }
  // What `when`'s content fields read of a generation.
  const reading = <Base extends ReturnType<typeof modelActionRoute>>(base: Base) => ({
    ...base,
    model: {
      ...base.model,
      conversation: ({ body }: { body: GenerateContentRequest }) => conversationView(generateConversation(body)),
    },
  })
  return [
    defineRoute({
      ...reading(modelActionRoute(prefix, 'generateContent', { admission: 'generation', banner: 'Gemini generateContent' })),
      id: 'gemini.generate_content',
      body: { schema: generateContentRequestSchema },
      recording: generateRecording,
      handle: (context) => answer(context, false),
    }),
    defineRoute({
      ...reading(
        modelActionRoute(prefix, 'streamGenerateContent', {
          admission: 'generation',
          stream: true,
          banner: 'Gemini streamGenerateContent (SSE)',
        }),
      ),
      id: 'gemini.stream_generate_content',
      body: { schema: generateContentRequestSchema },
      recording: generateRecording,
      handle: (context) => answer(context, true),
    }),
    defineRoute({
      ...modelActionRoute(prefix, 'countTokens', { admission: 'lookup', banner: 'Gemini countTokens' }),
      id: 'gemini.count_tokens',
      body: { schema: countTokensRequestSchema },
      handle: async ({ body }) => json(countTokensResponse(await countTokens(countTokensConversation(body)))),
    }),
    // new-api has no countTokens: it validates, relays and bills the request as a generateContent.
    defineRoute({
      ...reading(
        modelActionRoute(prefix, 'countTokens', {
          admission: 'generation',
          banner: 'Gemini countTokens, answered and billed as generateContent',
        }),
      ),
      id: 'gemini.count_tokens_as_generation',
      optional: true,
      body: { schema: generateContentRequestSchema },
      recording: generateRecording,
      handle: (context) => answer(context, false),
    }),
  ]
}

/** `/v1beta/models/{model}:{action}` and the relay path `/v1/models/{model}:{action}` (`@google/genai` 3.x's default). */
export const geminiGenerateRoutes = [...generateRoutes('/v1beta'), ...generateRoutes('/v1')]
