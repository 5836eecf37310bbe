import { gatewayError } from '../../errors/gateway-error.ts'
import type { ProfileShapes } from '../../profiles/profile-type.ts'
import type { Model } from '../../world/schemas.ts'
import { toAnthropicModel } from './anthropic-model.ts'

/**
 * The Anthropic model list: one page (`limit` 1–1000, default 20, `after_id`, `before_id`), or
 * new-api's whole list in one go, keys sorted and `""` ids when it is empty.
 */
export function anthropicModelList(shape: ProfileShapes['anthropicModelList'], models: readonly Model[], url: () => URL): unknown {
  if (shape === 'new-api') {
    return {
      data: models.map((model) => toAnthropicModel(model, shape)),
      first_id: models[0]?.id ?? '',
      has_more: false,
      last_id: models.at(-1)?.id ?? '',
    }
  }
  const { searchParams } = url()
  const limitParam = searchParams.get('limit')
  const limit = limitParam === null ? 20 : Number(limitParam)
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw gatewayError('page_limit_invalid', { got: JSON.stringify(limitParam) }, { param: 'limit' })
  }
  const position = (param: 'after_id' | 'before_id') => {
    const id = searchParams.get(param)
    if (id === null) return undefined
    const index = models.findIndex((model) => model.id === id)
    if (index === -1) throw gatewayError('page_cursor_unknown', { param, id }, { param })
    return index
  }
  const after = position('after_id')
  const before = position('before_id')
  let page: readonly Model[]
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
    data: page.map((model) => toAnthropicModel(model, shape)),
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
    has_more: hasMore,
  }
}
