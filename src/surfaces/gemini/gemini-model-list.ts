import { gatewayError } from '../../errors/gateway-error.ts'
import type { ProfileShapes } from '../../profiles/profile-type.ts'
import type { Model } from '../../world/schemas.ts'
import { toGeminiModel } from './gemini-model.ts'

const defaultPageSize = 50
const maxPageSize = 1000

/**
 * The Gemini model list. `google`: Google's shape, paged with `pageSize`/`pageToken`, and no
 * `nextPageToken` at all on the last page (an empty one makes `@google/genai`'s pager loop
 * forever). `new-api`: bare ids, null metadata, paging ignored and `nextPageToken: null`.
 */
export function geminiModelList(shape: ProfileShapes['geminiModelList'], models: readonly Model[], url: () => URL): unknown {
  if (shape === 'new-api') return { models: models.map(toNewApiGeminiModel), nextPageToken: null }
  const { searchParams } = url()
  const pageSize = readPageSize(searchParams.get('pageSize'))
  const start = readPageToken(searchParams.get('pageToken'), models.length)
  const end = start + pageSize
  return {
    models: models.slice(start, end).map(toGeminiModel),
    ...(end < models.length ? { nextPageToken: String(end) } : {}),
  }
}

// dto.GeminiModel: no omitempty, so every field is there, and only the names are known.
function toNewApiGeminiModel(model: Model) {
  return {
    name: model.id,
    baseModelId: null,
    version: null,
    displayName: model.id,
    description: null,
    inputTokenLimit: null,
    outputTokenLimit: null,
    supportedGenerationMethods: null,
    thinking: null,
    temperature: null,
    maxTemperature: null,
    topP: null,
    topK: null,
  }
}

function readPageSize(raw: string | null): number {
  if (raw === null || raw === '') return defaultPageSize
  const size = Number(raw)
  if (!Number.isInteger(size) || size < 0) throw gatewayError('page_size_invalid', { got: JSON.stringify(raw) }, { param: 'pageSize' })
  // As Google does: 0 means the default, and anything above the maximum is the maximum.
  return size === 0 ? defaultPageSize : Math.min(size, maxPageSize)
}

function readPageToken(raw: string | null, total: number): number {
  if (raw === null || raw === '') return 0
  const start = Number(raw)
  if (!/^\d+$/.test(raw) || start > total) throw gatewayError('page_token_invalid', { got: JSON.stringify(raw) }, { param: 'pageToken' })
  return start
}
