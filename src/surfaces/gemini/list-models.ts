import { tokenAuth } from '../../auth/token-auth.ts'
import { GatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { visibleModels } from '../../world/visibility.ts'
import { geminiCredentials } from '../model-routes-auth.ts'
import { toGeminiModel } from './gemini-model.ts'

const defaultPageSize = 50
const maxPageSize = 1000

/**
 * `GET /v1beta/models` in Google's shape, paged with `pageSize`/`pageToken`. The last page has
 * no `nextPageToken` at all: an empty one makes `@google/genai`'s pager loop forever.
 */
export const listGeminiModelsRoute = defineRoute({
  method: 'GET',
  path: '/v1beta/models',
  surface: 'gemini',
  auth: tokenAuth(geminiCredentials),
  handle({ runtime, auth, url }) {
    const models = visibleModels(runtime.world, auth.token, auth.user)
    const pageSize = readPageSize(url.searchParams.get('pageSize'))
    const start = readPageToken(url.searchParams.get('pageToken'), models.length)
    const end = start + pageSize
    return json({
      models: models.slice(start, end).map(toGeminiModel),
      ...(end < models.length ? { nextPageToken: String(end) } : {}),
    })
  },
})

function readPageSize(raw: string | null): number {
  if (raw === null || raw === '') return defaultPageSize
  const size = Number(raw)
  if (!Number.isInteger(size) || size < 0) {
    throw new GatewayError('invalid_request_error', `pageSize must be a non-negative integer, got ${JSON.stringify(raw)}.`, {
      param: 'pageSize',
    })
  }
  // As Google does: 0 means the default, and anything above the maximum is the maximum.
  return size === 0 ? defaultPageSize : Math.min(size, maxPageSize)
}

function readPageToken(raw: string | null, total: number): number {
  if (raw === null || raw === '') return 0
  const start = Number(raw)
  if (!/^\d+$/.test(raw) || start > total) {
    throw new GatewayError(
      'invalid_request_error',
      `Invalid pageToken ${JSON.stringify(raw)}: pass the nextPageToken of the previous page.`,
      { param: 'pageToken' },
    )
  }
  return start
}
