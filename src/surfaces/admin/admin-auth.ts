import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import { exchangeOf } from '../../http/exchange.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers; over HTTP, clients that send the server's admin token,
 * or loopback clients when the server has none (src/node/admin-access.ts decides). Anyone else
 * gets the same 404 as an unknown path, so a gateway exposed on a network does not reveal that it
 * can be reset or rescripted.
 *
 * A POST must also be one no other web page can make: JSON, or with a header of the gateway's (the
 * inspector's `x-mock-inspector`, the admin token's). A form on another page, or its script without
 * the gateway's leave (which the gateway never gives), can send a POST with neither; any other
 * method that changes something (`DELETE`) it cannot send at all.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    // No exchange: the request was made in-process, by code that holds the gateway anyway.
    const client = exchangeOf(request)?.client
    if (!client) return undefined
    if (!client.admin) throw invalidUrl(request, url)
    if (request.method === 'POST' && !cannotBeSentByAForm(request.headers)) {
      throw gatewayError('admin_call_not_json', { method: request.method, path: url.pathname })
    }
    return undefined
  },
}

function cannotBeSentByAForm(headers: Headers): boolean {
  return (
    /^application\/([\w.+-]+\+)?json\b/i.test(headers.get('content-type') ?? '') ||
    headers.has('x-mock-inspector') ||
    headers.has('x-mock-admin-token') ||
    headers.has('authorization')
  )
}
