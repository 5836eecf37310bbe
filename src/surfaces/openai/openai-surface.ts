import { commonRequestIdHeaders, type Surface } from '../surface.ts'

/** `{error:{message, type, param, code}}`, as the OpenAI SDK parses it. */
export const openaiSurface: Surface = {
  name: 'openai',
  renderError: (error, spec, status) => ({
    status,
    body: { error: { message: error.message, type: spec.type, param: error.param, code: error.code } },
  }),
  requestIdHeaders: commonRequestIdHeaders,
}
