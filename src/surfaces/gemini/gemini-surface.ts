import { sseEvent } from '../../streaming/sse.ts'
import type { Surface } from '../../pipeline/surface.ts'
import { googleStatus } from '../../profiles/google-status.ts'

/** Mid-stream, a data event whose `error.code` is an HTTP status: @google/genai throws it as an ApiError. */
export const geminiSurface: Surface = {
  name: 'gemini',
  renderStreamError: (e) => sseEvent({ error: { code: e.status, message: e.message, status: googleStatus(e.status) } }),
}
