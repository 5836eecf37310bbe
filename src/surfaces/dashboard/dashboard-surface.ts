import { commonRequestIdHeaders, type Surface } from '../surface.ts'

/** The dashboard's `{success:false, message}`. */
export const dashboardSurface: Surface = {
  name: 'dashboard',
  renderError: (error, _spec, status) => ({ status, body: { success: false, message: error.message } }),
  // Dashboard routes never stream; the JSON line is there for completeness.
  renderStreamError: (error) => `${JSON.stringify({ success: false, message: error.message })}\n`,
  requestIdHeaders: commonRequestIdHeaders,
}
