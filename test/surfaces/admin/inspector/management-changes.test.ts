import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userAuth } from '../../../../src/auth/user-auth.ts'
import { formatRequest } from '../../../../src/cli/format/format-request.ts'
import { defineRoute, type Route } from '../../../../src/pipeline/route.ts'
import { routes } from '../../../../src/surfaces/routes.ts'
import { ok, refused } from '../../../../src/surfaces/dashboard/management-reply.ts'
import { decisionOf } from '../../../../src/surfaces/admin/inspector/page/decision.js'
import { modes, useHarness } from '../../../support/modes.ts'

// A management route says what it changed in `context.note.changed`; the journal entry, the
// request's detail, the log line and the inspector's row show it. Two stub routes stand in for
// the management routes: one that changes something, one that notes a change and then refuses.

const changing = defineRoute({
  id: 'dashboard.test_changes',
  method: 'POST',
  path: '/api/test-changes/',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'a stub that changes something',
  handle: (context) => {
    context.note.changed = 'created token 12 "ci"'
    return ok({ id: 12 })
  },
})

const refusing = defineRoute({
  id: 'dashboard.test_refuses',
  method: 'POST',
  path: '/api/test-refuses/',
  surface: 'dashboard',
  auth: userAuth,
  banner: 'a stub that refuses after noting a change',
  handle: (context) => {
    context.note.changed = 'half done'
    throw refused('No', '不')
  },
})

const served = routes as Route<any, any>[]
beforeAll(() => {
  served.unshift(changing, refusing)
})
afterAll(() => {
  served.splice(served.indexOf(changing), 2)
})

describe.each(modes)('what a management request changed ($name)', (mode) => {
  const harness = useHarness(mode)
  const post = (path: string) => fetch(`${harness.baseUrl}${path}`, { method: 'POST', headers: { authorization: 'Bearer at-alice' } })

  it('is kept in the journal entry and the request detail, and shown in the log line and the inspector row', async () => {
    const response = await post('/api/test-changes/')
    expect(await response.json()).toEqual({ success: true, message: '', data: { id: 12 } })
    const entry = harness.gateway.journal.entries.at(-1)!
    expect(entry).toMatchObject({ route: 'dashboard.test_changes', status: 200, changed: 'created token 12 "ci"' })

    const detail = (await (await fetch(`${harness.baseUrl}/__mock/journal/${entry.requestId}`)).json()) as { entry: { changed?: string } }
    expect(detail.entry.changed).toBe('created token 12 "ci"')
    expect(formatRequest(entry)).toContain(': created token 12 "ci"')
    expect(decisionOf(entry)).toEqual({ kind: 'changed', text: 'created token 12 "ci"' })
  })

  it('is left out when the route refuses: a refusal changed nothing', async () => {
    const response = await post('/api/test-refuses/')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: 'No', success: false })
    const entry = harness.gateway.journal.entries.at(-1)!
    expect(entry.route).toBe('dashboard.test_refuses')
    expect(entry).not.toHaveProperty('changed')
    expect(decisionOf(entry).kind).toBe('refused')
  })
})
