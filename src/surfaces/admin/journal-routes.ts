import { gatewayError } from '../../errors/gateway-error.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import { adminAuth } from './admin-auth.ts'

/**
 * `GET /__mock/journal[?limit=N]`: the requests the gateway answered, oldest first (the last N
 * with `limit`). The journal never holds the admin calls themselves.
 */
export const getJournalRoute = defineRoute({
  id: 'admin.journal',
  method: 'GET',
  path: '/__mock/journal',
  surface: 'admin',
  auth: adminAuth,
  banner: 'requests answered, oldest first (?limit=N: the last N)',
  handle({ url, runtime }) {
    const limit = limitOf(url)
    const { journal } = runtime
    return json({ entries: limit === undefined ? journal.entries : journal.latest(limit) })
  },
})

/** `DELETE /__mock/journal`: forgets every entry, so the next read shows only what follows. */
export const clearJournalRoute = defineRoute({
  id: 'admin.clear_journal',
  method: 'DELETE',
  path: '/__mock/journal',
  surface: 'admin',
  auth: adminAuth,
  banner: 'forget every entry',
  handle({ runtime }) {
    runtime.journal.clear()
    runtime.control.changed('journal')
    return json({ cleared: true })
  },
})

function limitOf(url: URL): number | undefined {
  const raw = url.searchParams.get('limit')
  if (raw === null) return undefined
  const limit = Number(raw)
  if (raw.trim() === '' || !Number.isSafeInteger(limit) || limit < 0) {
    throw gatewayError('journal_limit_invalid', { got: JSON.stringify(raw) }, { param: 'limit' })
  }
  return limit
}
