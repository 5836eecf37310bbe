import type { ErrorSpec } from '../../errors/error-catalogue.ts'
import type { GatewayError } from '../../errors/gateway-error.ts'
import { sseEvent } from '../../streaming/sse.ts'
import { commonRequestIdHeaders, type Surface } from '../surface.ts'

const envelope = (error: GatewayError, spec: ErrorSpec) => ({
  error: { message: error.message, type: spec.type, param: error.param, code: error.code },
})

/** `{error:{message, type, param, code}}`, as the OpenAI SDK parses it; mid-stream, the same object as a `data:` event. */
export const openaiSurface: Surface = {
  name: 'openai',
  renderError: (error, spec, status) => ({ status, body: envelope(error, spec) }),
  renderStreamError: (error, spec) => sseEvent(envelope(error, spec)),
  requestIdHeaders: commonRequestIdHeaders,
}
