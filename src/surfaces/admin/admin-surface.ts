import { commonRequestIdHeaders, type Surface } from '../surface.ts'

const envelope = (error: { code: string; message: string }) => ({ error: { code: error.code, message: error.message } })

/** `/__mock/*`: the mock's own API, not a gateway's, so a plain `{error:{code, message}}`. */
export const adminSurface: Surface = {
  name: 'admin',
  renderError: (error, _spec, status) => ({ status, body: envelope(error) }),
  // Admin routes never stream; the JSON line is there for completeness.
  renderStreamError: (error) => `${JSON.stringify(envelope(error))}\n`,
  requestIdHeaders: commonRequestIdHeaders,
}
