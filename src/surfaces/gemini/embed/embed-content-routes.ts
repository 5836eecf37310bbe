import type { TokenAuth } from '../../../auth/token-auth.ts'
import { embed } from '../../../generation/embed.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute, type Route } from '../../../pipeline/route.ts'
import { modelActionRoute, type GeminiPrefix } from '../model-action.ts'
import { batchEmbedContentsRequestSchema, batchEmbeddingInputs, embedContentRequestSchema, embeddingInput } from './embed-request.ts'
import { batchEmbedContentsRecording, embedContentRecording } from './embed-recording.ts'
import { batchEmbedContentsResponse, embedContentResponse } from './embed-response.ts'

/** The embedding routes of `POST {prefix}/models/{model}:{action}` (see model-action.ts). */
function embedRoutes(prefix: GeminiPrefix): Route<TokenAuth>[] {
  const fields = (field: string) => ({ dimensions: undefined, field, dimensionsField: 'outputDimensionality' })
  return [
    defineRoute({
      ...modelActionRoute(prefix, 'embedContent', { admission: 'generation', banner: 'Gemini embedContent' }),
      id: 'gemini.embed_content',
      body: { schema: embedContentRequestSchema },
      recording: embedContentRecording,
      handle: async (context) => json(embedContentResponse(await embed(context, [embeddingInput(context.body)], fields('content')))),
    }),
    defineRoute({
      ...modelActionRoute(prefix, 'batchEmbedContents', {
        admission: 'generation',
        banner: "Gemini batchEmbedContents (@google/genai's embedContent)",
      }),
      id: 'gemini.batch_embed_contents',
      body: { schema: batchEmbedContentsRequestSchema },
      recording: batchEmbedContentsRecording,
      handle: async (context) =>
        json(batchEmbedContentsResponse(await embed(context, batchEmbeddingInputs(context.body), fields('requests')))),
    }),
  ]
}

/** `/v1beta/models/{model}:embedContent` and `:batchEmbedContents`, and the same on the relay path `/v1/models/…`. */
export const geminiEmbedRoutes = [...embedRoutes('/v1beta'), ...embedRoutes('/v1')]
