import type { AuthRequirement } from '../../auth/auth-requirement.ts'
import { adapterClientOf } from '../../gateway/adapter-client.ts'
import { invalidUrl } from '../not-found.ts'

/**
 * `/__mock/*` answers in-process callers and loopback clients, and remote clients only with the
 * server's admin token. Anyone else gets the same 404 as an unknown path, so a gateway exposed
 * on a network does not reveal that it can be reset or rescripted.
 */
export const adminAuth: AuthRequirement<undefined> = {
  resolve({ request, url }) {
    const client = adapterClientOf(request)
    if (client.remote && !client.admin) throw invalidUrl(request, url)
    return undefined
  },
}
