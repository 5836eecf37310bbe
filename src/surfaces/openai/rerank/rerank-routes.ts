import { tokenAuth } from '../../../auth/token-auth.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { chargeRequest } from '../../../generation/charge-request.ts'
import { loadTokenizer } from '../../../generation/tokenizer.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { eachDocument, rerank } from './rerank.ts'
import { rerankDocuments, rerankRequestSchema } from './rerank-request.ts'
import { rerankResponse } from './rerank-response.ts'

/** `POST /v1/rerank`, and `/rerank` for clients whose base URL leaves out `/v1` (Dify's Jina-style providers). */
function rerankRoute(path: string, banner?: string) {
  return defineRoute({
    id: path === '/rerank' ? 'openai.rerank_root' : 'openai.rerank',
    method: 'POST',
    path,
    surface: 'openai',
    auth: tokenAuth('openai'),
    body: { schema: rerankRequestSchema },
    model: { read: ({ body }) => body.model, admission: 'generation' },
    banner,
    async handle(context) {
      const { body } = context
      const model = assertKind(context, ['rerank'])
      const documents = rerankDocuments(body)
      const tokenizer = await loadTokenizer()
      const counted = await tokenizer.countAll([...documents, body.query])
      const { promptTokens } = chargeRequest(context, { promptTokens: counted, completionTokens: 0 })
      const all = await rerank(body.query, documents, model.id, context.admission.action.reply?.scores)
      // What a scenario step gives back to answer the same: every document's score, by its index.
      context.note.reply = { scores: [...all].sort((a, b) => a.index - b.index).map((document) => document.score) }
      const ranked = body.top_n === null || body.top_n === undefined ? all : all.slice(0, body.top_n)
      // Hashed a document at a time, in slices as they were scored: all of them can be 30 MB.
      const hashes = await eachDocument(documents, (document) => stableHash(document))
      const id = stableHash(`${model.id}\n${body.query}\n${hashes.join('\n')}`)
      return json(
        rerankResponse(context.profile.shapes.rerankResponse, {
          id: `rerank-${id}`,
          model: model.id,
          ranked,
          documents: body.return_documents ? documents : undefined,
          promptTokens,
        }),
      )
    },
  })
}

export const rerankRoutes = [rerankRoute('/v1/rerank', 'rerank, Jina/Cohere shape (also /rerank)'), rerankRoute('/rerank')]
