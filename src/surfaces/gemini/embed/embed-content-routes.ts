import type { TokenAuth } from '../../../auth/token-auth.ts'
import { embed } from '../../../generation/embed.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute, type Route } from '../../../pipeline/route.ts'
import { modelActionRoute, pathModel, type GeminiPrefix } from '../model-action.ts'
import { batchEmbedContentsRequestSchema, batchEmbeddingInputs, embedContentRequestSchema, embeddingInput } from './embed-request.ts'
import { batchEmbedContentsResponse, embedContentResponse } from './embed-response.ts'

/** The embedding routes of `POST {prefix}/models/{model}:{action}` (see model-action.ts). */
function embedRoutes(prefix: GeminiPrefix): Route<TokenAuth, any>[] {
  const relay = prefix === '/v1' ? ' (the relay path)' : ''
  const fields = (field: string) => ({ dimensions: undefined, field, dimensionsField: 'outputDimensionality' })
  return [
    defineRoute({
      ...modelActionRoute(prefix, 'embedContent'),
      id: 'gemini.embed_content',
      body: { schema: embedContentRequestSchema },
      model: { read: pathModel(prefix, 'embedContent'), admission: 'generation' },
      banner: `Gemini embedContent${relay}`,
      handle: async (context) => json(embedContentResponse(await embed(context, [embeddingInput(context.body)], fields('content')))),
    }),
    defineRoute({
      ...modelActionRoute(prefix, 'batchEmbedContents'),
      id: 'gemini.batch_embed_contents',
      body: { schema: batchEmbedContentsRequestSchema },
      model: { read: pathModel(prefix, 'batchEmbedContents'), admission: 'generation' },
      banner: `Gemini batchEmbedContents (@google/genai's embedContent)${relay}`,
      handle: async (context) =>
        json(batchEmbedContentsResponse(await embed(context, batchEmbeddingInputs(context.body), fields('requests')))),
    }),
  ]
}

/** `/v1beta/models/{model}:embedContent` and `:batchEmbedContents`, and the same on the relay path `/v1/models/…`. */
export const geminiEmbedRoutes = [...embedRoutes('/v1beta'), ...embedRoutes('/v1')]
