import type { StreamErrorRenderer } from '../../pipeline/reply.ts'
import { anthropicErrorType } from '../../profiles/anthropic-error-type.ts'
import { sseEvent } from '../../streaming/sse.ts'

/** Mid-stream, an `error` event, which the SDK throws as an APIError and the AI SDK turns into an error part. */
export const anthropicStreamError: StreamErrorRenderer = (e) =>
  sseEvent({ type: 'error', error: { type: anthropicErrorType(e.status), message: e.message }, request_id: e.requestId }, 'error')
