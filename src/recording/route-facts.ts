import type { Route } from '../pipeline/route.ts'

/**
 * The model a request names and whether it streams, as its route reads them from what it was
 * given (`body`, `params`, `profile`); each left out where the route cannot tell (no body it
 * could read, a route that names no model).
 */
export function routeFacts(route: Route | undefined, given: object): { model?: string; stream?: boolean } {
  const declared = route?.model
  if (!declared) return {}
  const model = readSafely(() => declared.read(given as never))
  const stream = readSafely(() => declared.stream?.(given as never))
  return { ...(model !== undefined && { model }), ...(stream !== undefined && { stream }) }
}

function readSafely<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}
