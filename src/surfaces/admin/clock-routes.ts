import { z } from 'zod'
import { GatewayError } from '../../errors/gateway-error.ts'
import type { Clock } from '../../time/clock.ts'
import { json } from '../../gateway/reply.ts'
import { requestBody } from '../../gateway/request-body.ts'
import { defineRoute } from '../../gateway/route.ts'
import { adminAuth } from './admin-auth.ts'

// The latest time a JavaScript Date can show; past it the clock's ISO time would not exist.
const maxDateMs = 8.64e15

const advanceSchema = z.strictObject({
  /** How far to move the gateway's time forward; it never goes back. */
  advanceMs: z.number().nonnegative().finite(),
})

const timeOf = (clock: Clock) => {
  const now = clock.now()
  return { now, iso: new Date(now).toISOString() }
}

/** `GET /__mock/clock`: the gateway's now, which key expiry and rate windows read. */
export const getClockRoute = defineRoute({
  method: 'GET',
  path: '/__mock/clock',
  surface: 'admin',
  auth: adminAuth,
  handle: ({ runtime }) => json(timeOf(runtime.clock)),
})

/** `POST /__mock/clock {"advanceMs": N}`: moves the gateway's time on, so a test expires a key or a rate window without sleeping. */
export const advanceClockRoute = defineRoute({
  method: 'POST',
  path: '/__mock/clock',
  surface: 'admin',
  auth: adminAuth,
  async handle(context) {
    const { advanceMs } = await requestBody(context, advanceSchema)
    if (context.runtime.clock.now() + advanceMs > maxDateMs) {
      throw new GatewayError(
        'invalid_request_error',
        `advanceMs: ${advanceMs} would move the clock past the last date JavaScript can show`,
        {
          param: 'advanceMs',
        },
      )
    }
    context.runtime.clock.advance(advanceMs)
    return json(timeOf(context.runtime.clock))
  },
})
