import { GatewayError } from '../../errors/gateway-error.ts'
import type { Model } from '../../world/schemas.ts'
import { toAnthropicModel } from './anthropic-model.ts'

/** One page of the Anthropic Models API: `limit` (1–1000, default 20), `after_id`, `before_id`. */
export function anthropicModelPage(models: Model[], url: URL) {
  const limitParam = url.searchParams.get('limit')
  const limit = limitParam === null ? 20 : Number(limitParam)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new GatewayError('invalid_request_error', `limit: expected an integer from 1 to 1000, got ${JSON.stringify(limitParam)}`, {
      param: 'limit',
    })
  }
  const position = (param: 'after_id' | 'before_id') => {
    const id = url.searchParams.get(param)
    if (id === null) return undefined
    const index = models.findIndex((model) => model.id === id)
    if (index === -1) throw new GatewayError('invalid_request_error', `${param}: no model "${id}" in this list`, { param })
    return index
  }
  const after = position('after_id')
  const before = position('before_id')
  let page: Model[]
  let hasMore: boolean
  if (before !== undefined) {
    const start = Math.max(0, before - limit)
    page = models.slice(start, before)
    hasMore = start > 0
  } else {
    const start = after === undefined ? 0 : after + 1
    page = models.slice(start, start + limit)
    hasMore = start + limit < models.length
  }
  return {
    data: page.map(toAnthropicModel),
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
    has_more: hasMore,
  }
}
