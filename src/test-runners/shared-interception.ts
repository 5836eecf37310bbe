import { setupServer, type SetupServer } from 'msw/node'
import type { Gateway } from '../gateway/create-gateway.ts'

/** One fixture's use of the interception: started when it is taken, its gateway served once ready. */
export interface InterceptionHold {
  /** From now on this gateway answers (before any served earlier: an inner `describe`'s wins). */
  serve(gateway: Gateway): void
  /** This fixture is done; the interception stops once every fixture that took it is. */
  release(): void
}

// One msw interception for every in-process fixture of the file: msw's interceptors are shared by
// all of its servers, so a second server closing would switch off the first one's.
let server: SetupServer | undefined
const holds = new Set<InterceptionHold>()
const served: Gateway[] = []

/**
 * Starts msw's interception now, with no handler yet, so that an SDK client built after this call
 * captures the patched `fetch` (openai and @anthropic-ai/sdk keep the `fetch` they were built with);
 * the gateway, created asynchronously, joins it in `beforeAll`. Requests no gateway answers go on
 * to the network untouched. A fixture whose hooks never run (a skipped `describe`) keeps the
 * interception on, passing everything through, until its module is unloaded.
 */
export function holdInterception(): InterceptionHold {
  if (server === undefined) {
    server = setupServer()
    server.listen({ onUnhandledFrame: 'bypass' })
  }
  let gateway: Gateway | undefined
  const hold: InterceptionHold = {
    serve(next) {
      gateway = next
      served.push(next)
      route()
    },
    release() {
      if (!holds.delete(hold)) return
      if (gateway !== undefined) served.splice(served.indexOf(gateway), 1)
      if (holds.size > 0) return route()
      server?.close()
      server = undefined
    },
  }
  holds.add(hold)
  return hold
}

function route(): void {
  // With no handlers msw would restore the previous ones; none served means none asked.
  if (served.length > 0) server?.resetHandlers(...served.toReversed().flatMap((gateway) => gateway.handlers))
}
