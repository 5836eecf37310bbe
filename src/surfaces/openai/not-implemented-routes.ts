import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'
import { tokenAuth, type TokenAuth } from '../../auth/token-auth.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { modelMissing } from './default-model.ts'
import { defineRoute, type HttpMethod, type Route } from '../../pipeline/route.ts'
import type { CredentialGroup } from '../../profiles/profile-type.ts'

const anyModel = lazySchema(() => z.looseObject({ model: z.unknown().optional() }))

/**
 * Routes the real gateway registers only to answer 501 `api_not_implemented`. Its distributor
 * runs first, so a request that names no model gets its 400, and one naming a model the key
 * cannot use gets that refusal, before the 501. Served by profiles that add `openai.not_implemented`.
 */
function notImplemented(method: HttpMethod, path: string, credentials: CredentialGroup = 'openai'): Route<TokenAuth> {
  return defineRoute({
    id: 'openai.not_implemented',
    optional: true,
    method,
    path,
    surface: 'openai',
    auth: tokenAuth(credentials),
    body: { schema: anyModel, optional: true },
    model: {
      read({ body, params }) {
        const model = params.model ?? body?.model
        if (typeof model === 'string' && model !== '') return model
        throw modelMissing()
      },
      admission: 'lookup',
    },
    handle() {
      throw gatewayError('not_implemented')
    },
  })
}

export const notImplementedRoutes = [
  notImplemented('POST', '/v1/images/variations'),
  notImplemented('GET', '/v1/files'),
  notImplemented('POST', '/v1/files'),
  notImplemented('GET', '/v1/files/:id'),
  notImplemented('DELETE', '/v1/files/:id'),
  notImplemented('GET', '/v1/files/:id/content'),
  notImplemented('GET', '/v1/fine-tunes'),
  notImplemented('POST', '/v1/fine-tunes'),
  notImplemented('GET', '/v1/fine-tunes/:id'),
  notImplemented('POST', '/v1/fine-tunes/:id/cancel'),
  notImplemented('GET', '/v1/fine-tunes/:id/events'),
  notImplemented('DELETE', '/v1/models/:model', 'openai-models'),
]
