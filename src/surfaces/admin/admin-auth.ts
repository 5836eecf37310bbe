import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { exchangeOf } from '../../http/exchange.ts'
import { hasGatewayHeader } from '../../http/request-credentials.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers; over HTTP, clients that send the server's admin token,
 * or loopback clients when the server has none (src/node/server/admin-access.ts decides). Anyone else
 * gets the same 404 as an unknown path, so a gateway exposed on a network does not reveal that it
 * can be reset or rescripted.
 *
 * A POST must also be one no other web page can make. Browsers send `Origin` on every POST, and the
 * server refuses one from another page (src/node/server/admin-access.ts); as a second guard, a POST whose
 * body is of a type a form sends (form fields, multipart, plain text) is refused unless it carries a
 * header of the gateway's (the inspector's `x-mock-inspector`, the admin token's), which a page on
 * another site cannot add without the gateway's leave (never given). A bodiless
 * `curl -X POST …/__mock/reset` or a JSON POST is served; `DELETE` a form cannot send at all.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    // No exchange: the request was made in-process, by code that holds the gateway anyway.
    const client = exchangeOf(request)?.client
    if (!client) return undefined
    if (!client.admin) throw invalidUrl(request, url)
    if (request.method === 'POST' && couldBeSentByAForm(request.headers)) {
      throw gatewayError('admin_call_not_json', { method: request.method, path: url.pathname })
    }
    return undefined
  },
}

/** The body types a form (or a script's request that needs no leave) can send: CORS's safelisted ones. */
const formBodyType = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i

function couldBeSentByAForm(headers: Headers): boolean {
  return formBodyType.test(headers.get('content-type') ?? '') && !hasGatewayHeader(headers)
}
