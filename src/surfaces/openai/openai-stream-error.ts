import type { StreamErrorRenderer } from '../../pipeline/reply.ts'
import { sseEvent } from '../../streaming/sse.ts'

/** Mid-stream, the OpenAI error object as a `data:` event, which the SDK throws as an APIError. */
export const openaiStreamError: StreamErrorRenderer = (e) =>
  sseEvent({ error: { message: e.message, type: e.type, param: e.param, code: e.code } })
