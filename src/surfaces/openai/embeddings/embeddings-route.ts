import { tokenAuth } from '../../../auth/token-auth.ts'
import { embed } from '../../../generation/embed.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { embeddingInputs, embeddingsRequestSchema } from './embeddings-request.ts'
import { embeddingsRecording } from './embeddings-recording.ts'
import { embeddingsResponse, embeddingsShape } from './embeddings-response.ts'

/** `POST /v1/embeddings`: vectors as floats, or base64 (the openai SDK's default request). */
export const embeddingsRoute = defineRoute({
  id: 'openai.embeddings',
  method: 'POST',
  path: '/v1/embeddings',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: embeddingsRequestSchema },
  model: { read: ({ body }) => body.model, admission: 'generation' },
  banner: 'OpenAI embeddings (float or base64)',
  recording: embeddingsRecording,
  async handle(context) {
    const { body } = context
    const embeddings = await embed(context, embeddingInputs(body), {
      dimensions: body.dimensions ?? undefined,
      field: 'input',
      dimensionsField: 'dimensions',
    })
    const shape = embeddingsShape(context.profile.shapes.openaiEmbeddings, embeddings.model)
    return json(embeddingsResponse(embeddings, shape, body.encoding_format === 'base64'))
  },
})
