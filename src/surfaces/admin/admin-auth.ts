import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { adapterClientOf } from '../../gateway/adapter-client.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers; over HTTP, clients that send the server's admin token,
 * or loopback clients when the server has none. Anyone else gets the same 404 as an unknown path,
 * so a gateway exposed on a network does not reveal that it can be reset or rescripted.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    if (!adapterClientOf(request).admin) throw invalidUrl(request, url)
    return undefined
  },
}
