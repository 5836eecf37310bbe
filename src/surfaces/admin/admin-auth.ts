import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { exchangeOf } from '../../gateway/adapter-seam.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers and the clients the server trusts (see
 * src/node/admin-access.ts). Anyone else gets the same 404 as an unknown path, so a gateway
 * exposed on a network does not reveal that it can be reset or rescripted.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    const client = exchangeOf(request)?.client
    if (client?.remote && !client.admin) throw invalidUrl(request, url)
    return undefined
  },
}
