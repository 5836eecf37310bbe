// @ts-check
import { decisionOf } from './decision.js'
import { el } from './dom.js'

/** The page shows the latest this many requests; the journal (and GET /__mock/journal) keeps more. */
const shownLimit = 1000

/**
 * The live list of requests, newest at the top: one row each, with what decided its answer.
 * @param {{ table: HTMLTableElement, count: HTMLElement, empty: HTMLElement, onSelect: (requestId: string) => void }} parts
 */
export function requestList({ table, count, empty, onSelect }) {
  const body = /** @type {HTMLTableSectionElement} */ (table.tBodies[0])
  /** @type {Map<string, HTMLTableRowElement>} */
  const rows = new Map()
  let selected = ''

  const update = () => {
    count.textContent = rows.size === 0 ? '' : `${rows.size}${rows.size >= shownLimit ? ' (latest)' : ''}`
    empty.hidden = rows.size > 0
  }

  /** @param {any} entry */
  const add = (entry) => {
    if (rows.has(entry.requestId)) return
    const decision = decisionOf(entry)
    const row = /** @type {HTMLTableRowElement} */ (
      el(
        'tr',
        {
          class: `${entry.status >= 400 ? 'failed' : 'ok'}${entry.requestId === selected ? ' selected' : ''}`,
          'data-request-id': entry.requestId,
          tabindex: 0,
          onclick: () => select(entry.requestId),
          onkeydown: (/** @type {KeyboardEvent} */ event) => {
            if (event.key === 'Enter') select(entry.requestId)
          },
        },
        el('td', { class: 'time' }, String(entry.time).slice(11, 23)),
        el('td', {}, entry.method),
        el('td', { class: 'path', title: entry.path }, entry.path),
        el('td', {}, entry.surface),
        el('td', { class: 'mono' }, entry.key ?? ''),
        el('td', {}, entry.model ?? ''),
        el('td', { class: `status s${String(entry.status)[0]}` }, String(entry.status)),
        el('td', { class: 'num' }, `${Number(entry.durationMs).toFixed(1)} ms`),
        el('td', {}, entry.stream ? 'stream' : ''),
        el('td', { class: `decision ${decision.kind}`, title: decision.text }, decision.text),
      )
    )
    rows.set(entry.requestId, row)
    body.prepend(row)
    if (rows.size > shownLimit) {
      const [oldest] = rows.keys()
      rows.get(/** @type {string} */ (oldest))?.remove()
      rows.delete(/** @type {string} */ (oldest))
    }
    update()
  }

  /** @param {string} requestId */
  const select = (requestId) => {
    rows.get(selected)?.classList.remove('selected')
    selected = requestId
    rows.get(requestId)?.classList.add('selected')
    onSelect(requestId)
  }

  return {
    add,
    select,
    /** @param {any[]} entries oldest first */
    replaceAll(entries) {
      body.replaceChildren()
      rows.clear()
      for (const entry of entries.slice(-shownLimit)) add(entry)
      update()
    },
  }
}
