import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'
import { gatewayError } from '../../errors/gateway-error.ts'
import type { Clock } from '../../time/clock.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

// The latest time a JavaScript Date can show; past it the clock's ISO time would not exist.
const maxDateMs = 8.64e15

const advanceSchema = lazySchema(() =>
  z.strictObject({
    /** How far to move the gateway's time forward; it never goes back. */
    advanceMs: z.number().nonnegative().finite(),
  }),
)

const timeOf = (clock: Clock) => {
  const now = clock.now()
  return { now, iso: new Date(now).toISOString() }
}

/** `GET /__mock/clock`: the gateway's now, which key expiry and rate windows read. */
export const getClockRoute = defineRoute({
  id: 'admin.clock',
  method: 'GET',
  path: '/__mock/clock',
  surface: 'admin',
  auth: adminAuth,
  banner: 'gateway time',
  handle: ({ runtime }) => json(timeOf(runtime.clock)),
})

/** `POST /__mock/clock {"advanceMs": N}`: moves the gateway's time on, so a test expires a key or a rate window without sleeping. */
export const advanceClockRoute = defineRoute({
  id: 'admin.advance_clock',
  method: 'POST',
  path: '/__mock/clock',
  surface: 'admin',
  auth: adminAuth,
  banner: '{"advanceMs": N} moves the gateway clock on',
  body: { schema: advanceSchema },
  handle(context) {
    const { advanceMs } = context.body
    if (context.runtime.clock.now() + advanceMs > maxDateMs) {
      throw gatewayError('clock_out_of_range', { advanceMs }, { param: 'advanceMs' })
    }
    context.runtime.clock.advance(advanceMs)
    return json(timeOf(context.runtime.clock))
  },
})
