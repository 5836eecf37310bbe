import { getResponse } from 'msw'
import type { Gateway } from '../../src/index.ts'
import { kAdapterSeam, type AdapterSeam } from '../../src/gateway/adapter-seam.ts'

/**
 * Origins whose requests `fetch` hands straight to a gateway's msw handlers through msw's
 * `getResponse`, as `setupServer` does once it has intercepted a request and the HTTP server does
 * for each request it reads, without a socket between. Every other origin goes to the real fetch.
 */
const routed = new Map<string, AdapterSeam>()
const realFetch = globalThis.fetch
let origins = 0

async function routingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init)
  const url = new URL(request.url)
  const seam = routed.get(url.origin)
  if (!seam) return realFetch(request)
  const candidates = seam.candidates(request.method, url.pathname)
  // As fetch does, a client that aborts gets its signal's reason at once, whatever the gateway
  // then makes of the request (it sees the same signal, as it sees a closed socket over HTTP).
  const { signal } = request
  signal.throwIfAborted()
  let stopWaiting = () => {}
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    stopWaiting = () => signal.removeEventListener('abort', onAbort)
  })
  try {
    const response = await Promise.race([getResponse(candidates, request), aborted])
    // The gateway ends with a catch-all: no answer would be a gateway's defect.
    if (!response) throw new TypeError(`fetch failed: no handler answered ${request.method} ${request.url}`)
    return response
  } finally {
    stopWaiting()
  }
}

/**
 * Routes `fetch` to this gateway at a fresh origin, and returns it with a function that stops the
 * routing. Installed once, when this module is first imported (before the SDK clients a test file
 * builds take `globalThis.fetch`), and left in place: an origin nobody routes passes through.
 */
export function routeFetch(gateway: Gateway): { origin: string; unroute(): void } {
  origins += 1
  const origin = `http://gateway-${origins}.direct`
  routed.set(origin, gateway[kAdapterSeam])
  return { origin, unroute: () => routed.delete(origin) }
}

globalThis.fetch = routingFetch as typeof fetch
