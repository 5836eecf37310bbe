import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { exchangeOf } from '../../http/exchange.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers; over HTTP, clients that send the server's admin token,
 * or loopback clients when the server has none (src/node/admin-access.ts decides). Anyone else
 * gets the same 404 as an unknown path, so a gateway exposed on a network does not reveal that it
 * can be reset or rescripted.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    // No exchange: the request was made in-process, by code that holds the gateway anyway.
    const client = exchangeOf(request)?.client
    if (client && !client.admin) throw invalidUrl(request, url)
    return undefined
  },
}
