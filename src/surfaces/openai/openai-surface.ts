import { sseEvent } from '../../streaming/sse.ts'
import type { Surface } from '../../pipeline/surface.ts'

/** Mid-stream, the OpenAI error object as a `data:` event, which the SDK throws as an APIError. */
export const openaiSurface: Surface = {
  name: 'openai',
  renderStreamError: (e) => sseEvent({ error: { message: e.message, type: e.type, param: e.param, code: e.code } }),
}
