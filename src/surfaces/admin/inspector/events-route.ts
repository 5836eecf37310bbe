import type { GatewayEvent } from '../../../journal/gateway-events.ts'
import { feed } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import { adminAuth } from '../admin-auth.ts'

/**
 * `GET /__mock/events`: server-sent events, open until the client leaves or the server closes:
 * `request` with each journal entry as the request is answered, `state` with what changed
 * (`scenario`, `clock`, `reset`, `journal`). What the inspector watches; a reconnecting client
 * reads the journal and state again, so nothing is replayed.
 */
export const eventsRoute = defineRoute({
  id: 'admin.events',
  method: 'GET',
  path: '/__mock/events',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: "server-sent events: each request as it is answered, and state changes (the inspector's feed)",
  handle: ({ runtime }) =>
    feed((write) => {
      // Sent at once, so the client knows the feed is live before anything happens.
      write('retry: 1000\n: live\n\n')
      return runtime.events.subscribe((event) => write(eventText(event)))
    }),
})

function eventText(event: GatewayEvent): string {
  return event.type === 'request' ? sseEvent(event.entry, 'request') : sseEvent({ change: event.change }, 'state')
}
