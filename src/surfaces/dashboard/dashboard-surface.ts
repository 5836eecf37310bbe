import { commonRequestIdHeaders, type Surface } from '../surface.ts'

/** The dashboard's `{success:false, message}`. */
export const dashboardSurface: Surface = {
  name: 'dashboard',
  renderError: (error, _spec, status) => ({ status, body: { success: false, message: error.message } }),
  requestIdHeaders: commonRequestIdHeaders,
}
