import type { StreamErrorRenderer } from '../../pipeline/reply.ts'
import { googleStatus } from '../../profiles/google-status.ts'
import { sseEvent } from '../../streaming/sse.ts'

/** Mid-stream, a data event whose `error.code` is an HTTP status: @google/genai throws it as an ApiError. */
export const geminiStreamError: StreamErrorRenderer = (e) =>
  sseEvent({ error: { code: e.status, message: e.message, status: googleStatus(e.status) } })
