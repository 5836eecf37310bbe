import { GatewayError } from '../../errors/gateway-error.ts'
import type { RequestLogEntry } from '../../journal/request-log-entry.ts'
import { json } from '../../gateway/reply.ts'
import { defineRoute } from '../../gateway/route.ts'
import { adminAuth } from './admin-auth.ts'

/**
 * `GET /__mock/journal[?limit=N]`: the requests the gateway answered, oldest first (the last N
 * with `limit`). The journal never holds the admin calls themselves.
 */
export const getJournalRoute = defineRoute({
  method: 'GET',
  path: '/__mock/journal',
  surface: 'admin',
  auth: adminAuth,
  handle({ url, runtime }) {
    const limit = limitOf(url)
    const entries = runtime.journal.entries
    return json({ entries: limit === undefined ? entries : lastN(entries, limit) })
  },
})

/** `DELETE /__mock/journal`: forgets every entry, so the next read shows only what follows. */
export const clearJournalRoute = defineRoute({
  method: 'DELETE',
  path: '/__mock/journal',
  surface: 'admin',
  auth: adminAuth,
  handle({ runtime }) {
    runtime.journal.clear()
    return json({ cleared: true })
  },
})

function limitOf(url: URL): number | undefined {
  const raw = url.searchParams.get('limit')
  if (raw === null) return undefined
  const limit = Number(raw)
  if (raw.trim() === '' || !Number.isSafeInteger(limit) || limit < 0) {
    throw new GatewayError('invalid_request_error', `limit must be a non-negative integer, got ${JSON.stringify(raw)}`, { param: 'limit' })
  }
  return limit
}

// slice(-0) is the whole array, not none of it.
const lastN = (entries: readonly RequestLogEntry[], n: number) => (n === 0 ? [] : entries.slice(-n))
