import { createHash, timingSafeEqual } from 'node:crypto'
import { isIPv4 } from 'node:net'
import type { AdapterClient } from '../../http/exchange.ts'
import { presentedAdminToken, type BrowserRequest } from '../../http/request-credentials.ts'

/**
 * Whether a socket's remote address is this machine: 127.0.0.0/8, `::1`, or an IPv4 loopback
 * address mapped into IPv6 (`::ffff:127.0.0.1`, which a dual-stack listener reports). An unknown
 * address (a socket already gone) is not loopback.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false
  let loopback = knownAddresses.get(address)
  if (loopback === undefined) {
    // A server meets few peer addresses; every request from one of them asks again.
    if (knownAddresses.size >= 1024) knownAddresses.clear()
    knownAddresses.set(address, (loopback = readLoopback(address)))
  }
  return loopback
}

const knownAddresses = new Map<string, boolean>()

function readLoopback(address: string): boolean {
  const lower = address.toLowerCase()
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower
  return isIPv4(v4) && v4.startsWith('127.')
}

/** Compares tokens in constant time, so response timing does not leak how much of a guess was right. */
export function isAdminToken(presented: string | undefined, adminToken: string | undefined): boolean {
  if (presented === undefined || adminToken === undefined || adminToken === '') return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(presented), digest(adminToken))
}

export interface AdminAccessInput {
  remoteAddress: string | undefined
  headers: Headers
  pathname: string
  /** The request's URL and method, for what the inspector's page presents (see presentedAdminToken). */
  browser?: BrowserRequest
  /**
   * The token the server was started with. With one, every client must present it, loopback
   * included: behind a reverse proxy on the same machine every client looks local. Without one,
   * only loopback clients get in.
   */
  adminToken?: string
  /** The address the server is bound to (`127.0.0.1`, `0.0.0.0`, …): a `Host` naming it names this server. */
  boundAddress?: string
}

const allowed: AdapterClient = Object.freeze({ admin: true })
const refused: AdapterClient = Object.freeze({ admin: false })

/**
 * Whether one request may use the admin routes (`/__mock/*`). Any web page the developer visits
 * can send requests to a server on loopback, so, whatever the mode, a request a browser marks as
 * coming from another page (its `Origin` is not the origin of the `Host` it was sent to) is
 * refused. Without a token, the `Host` must also name this machine (a loopback name or address, or
 * the address the server is bound to): a page whose own name was made to resolve to 127.0.0.1
 * (DNS rebinding) sends its own name as Host, and would otherwise read the world and the journal.
 * With a token any Host is served, so a server on `0.0.0.0` answers other machines by whatever
 * name they reach it: such a page cannot present the token, and the inspector's cookie belongs to
 * the name it was set for.
 */
export function adminAccessOf(input: AdminAccessInput): AdapterClient {
  // Only admin routes read the answer: every other request skips the header and the hash.
  if (!input.pathname.includes('/__mock')) return refused
  const host = input.headers.get('host')
  if (!isOwnOrigin(input.headers.get('origin'), host)) return refused
  if (input.adminToken === undefined) {
    return isLoopbackAddress(input.remoteAddress) && (host === null || namesThisMachine(host, input.boundAddress)) ? allowed : refused
  }
  return isAdminToken(presentedAdminToken(input.headers, input.pathname, input.browser), input.adminToken) ? allowed : refused
}

/**
 * Whether a request comes from the server's own page, as far as a browser says: no `Origin` (not a
 * browser, or a same-origin GET), or one whose host is the `Host` the request was sent to. Schemes
 * are not compared: behind a proxy that ends TLS the page is `https:` and the server `http:`.
 */
function isOwnOrigin(origin: string | null, host: string | null): boolean {
  if (origin === null) return true
  if (host === null) return false
  try {
    return new URL(origin).host === new URL(`http://${host}`).host
  } catch {
    return false
  }
}

/** Whether a `Host` header names this machine: `localhost` (and its subdomains), a loopback address, or the address the server is bound to. */
function namesThisMachine(host: string, boundAddress: string | undefined): boolean {
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  const address = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  if (readLoopback(address)) return true
  return boundAddress !== undefined && boundAddress !== '0.0.0.0' && boundAddress !== '::' && address === boundAddress.toLowerCase()
}
