import { sseEvent } from '../../streaming/sse.ts'
import type { Surface } from '../../pipeline/surface.ts'
import { anthropicErrorType } from '../../profiles/anthropic-error-type.ts'

/** Mid-stream, an `error` event, which the SDK throws as an APIError and the AI SDK turns into an error part. */
export const anthropicSurface: Surface = {
  name: 'anthropic',
  renderStreamError: (e) =>
    sseEvent({ type: 'error', error: { type: anthropicErrorType(e.status), message: e.message }, request_id: e.requestId }, 'error'),
}
