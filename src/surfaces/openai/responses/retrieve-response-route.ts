import { tokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { defaultResponseStoreLimit } from './response-store.ts'

/**
 * `GET /v1/responses/{id}`: a response the key's user stored, as it was answered. The real
 * gateway does not route it (its relay forwards only `POST /v1/responses`), so the `new-api`
 * profile lacks it.
 */
export const retrieveResponseRoute = defineRoute({
  id: 'openai.responses_retrieve',
  method: 'GET',
  path: '/v1/responses/:id',
  surface: 'openai',
  auth: tokenAuth('openai'),
  banner: `a stored response (the last ${defaultResponseStoreLimit}; none with store: false)`,
  handle({ params, runtime, auth, note }) {
    const stored = runtime.responses.get(params.id!, auth.user.id)
    if (!stored) throw gatewayError('response_not_found', { id: params.id!, limit: runtime.responses.limit })
    note.model = stored.response.model
    return json(stored.response)
  },
})
