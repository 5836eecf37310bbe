// @ts-check
// The inspector's entry: the request list fed live by the gateway's event stream, the detail of
// the selected request, the state panel read again whenever the state may have changed, and the
// controls. On every (re)connection the journal and the state are read afresh.
import { getJson, snapshot, watch } from './api.js'
import { wireControls } from './controls.js'
import { requestDetail } from './request-detail.js'
import { requestList } from './request-list.js'
import { statePanel } from './state-panel.js'

const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id))
const message = byId('message')
/** @type {ReturnType<typeof setTimeout> | undefined} */
let hideMessage
// A note goes away after a while; a failure stays until the next note.
const say = (/** @type {string} */ text, failed = false) => {
  message.textContent = text
  message.hidden = false
  message.classList.toggle('failed', failed)
  clearTimeout(hideMessage)
  if (!failed) hideMessage = setTimeout(() => (message.hidden = true), 6000)
}

const detail = requestDetail({ title: byId('detail-title'), body: byId('detail-body'), say })
const list = requestList({
  table: /** @type {HTMLTableElement} */ (byId('request-table')),
  count: byId('request-count'),
  empty: byId('no-requests'),
  onSelect: (requestId) => void detail.show(requestId),
})
const state = statePanel({
  clock: byId('clock'),
  offset: byId('clock-offset'),
  profile: byId('profile'),
  scenarios: byId('scenarios'),
  replay: byId('replay'),
  keys: byId('keys'),
  users: byId('users'),
  scenarioNames: /** @type {HTMLSelectElement} */ (byId('scenario-name')),
  onRequest: (requestId) => list.select(requestId),
})
wireControls({ say, fail: (text) => say(text, true) })

const readState = async () => {
  try {
    state.render(await getJson('state'))
  } catch (error) {
    say(`Could not read the gateway's state: ${error instanceof Error ? error.message : String(error)}`, true)
  }
}
// The state is read again after changes, at most once per frame of time, however many requests
// arrive; a snapshot's, which never changes, at once, for its first paint.
let stateDue = false
const refreshState = () => {
  if (snapshot !== undefined) return void readState()
  if (stateDue) return
  stateDue = true
  setTimeout(() => {
    stateDue = false
    void readState()
  }, 100)
}

// Requests that arrive while the journal is being read are added again after it, so none is lost.
/** @type {any[] | undefined} */
let arriving
const reloadJournal = async () => {
  /** @type {any[]} */
  const arrived = []
  arriving = arrived
  try {
    const { entries } = await getJson('journal?limit=1000')
    if (arriving !== arrived) return
    list.replaceAll(entries)
    for (const entry of arrived) list.add(entry)
  } catch (error) {
    say(`Could not read the journal: ${error instanceof Error ? error.message : String(error)}`, true)
  } finally {
    if (arriving === arrived) arriving = undefined
  }
}

const feed = byId('feed')
watch(
  (event) => {
    if (event.type === 'request') {
      list.add(event.entry)
      arriving?.push(event.entry)
    } else if (event.change === 'reset' || event.change === 'journal') {
      detail.clear()
      void reloadJournal()
    }
    refreshState()
  },
  (status) => {
    feed.dataset.state = status
    feed.textContent = status === 'live' ? 'live' : status === 'snapshot' ? 'snapshot' : 'reconnecting…'
    if (status === 'snapshot' && snapshot !== undefined) {
      feed.title = `Taken ${snapshot.takenAt}`
      say(`A snapshot, taken ${snapshot.takenAt} when the test failed: ${snapshot.reason}`, true)
    }
    if (status === 'live' || status === 'snapshot') {
      void reloadJournal()
      refreshState()
    }
  },
)
