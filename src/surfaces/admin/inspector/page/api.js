// @ts-check
// The page's calls to the admin routes, relative to the page (…/__mock/), so a gateway below a
// base path works as it is. With an admin token, the browser sends the cookie the page was given;
// `x-mock-inspector` tells the server a call that changes something comes from this page.
//
// A snapshot of the page (written when a test fails, after which its gateway is gone) carries the
// answers it read in a JSON script element: the same page then reads those, and changes nothing.

const base = new URL('./', location.href)
const headers = { accept: 'application/json', 'x-mock-inspector': '1' }

/** @type {{ takenAt: string, reason: string, answers: Record<string, { status: number, body: any }> } | undefined} */
export const snapshot = readSnapshot()

function readSnapshot() {
  const element = document.getElementById('inspector-snapshot')
  return element === null ? undefined : JSON.parse(element.textContent ?? '')
}

/**
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function getJson(path) {
  if (snapshot !== undefined) {
    const answer = snapshot.answers[path]
    if (answer === undefined) throw new Error('Not kept in this snapshot.')
    if (answer.status >= 400) throw new Error(answer.body?.error?.message ?? `${answer.status}`)
    return answer.body
  }
  return answerOf(await fetch(new URL(path, base), { headers }))
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function send(method, path, body) {
  if (snapshot !== undefined) throw new Error('This page is a snapshot: its gateway is gone, and nothing here changes it.')
  const init =
    body === undefined
      ? { method, headers }
      : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }
  return answerOf(await fetch(new URL(path, base), init))
}

/** @param {Response} response */
async function answerOf(response) {
  const text = await response.text()
  let body
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = text
  }
  if (!response.ok) throw new Error(body?.error?.message ?? `${response.status} ${response.statusText}`)
  return body
}

/**
 * Watches the gateway's feed: `onEvent` for each request answered and each change of state,
 * `onStatus` as the feed goes live or is lost (the browser reconnects by itself). A snapshot has
 * no feed: it is told `snapshot` once, and reads what it kept.
 * @param {(event: { type: 'request', entry: any } | { type: 'state', change: string }) => void} onEvent
 * @param {(status: 'live' | 'lost' | 'snapshot') => void} onStatus
 */
export function watch(onEvent, onStatus) {
  // At once, so that what the snapshot kept is on the page by its first paint.
  if (snapshot !== undefined) {
    onStatus('snapshot')
    return undefined
  }
  const source = new EventSource(new URL('events', base))
  source.addEventListener('open', () => onStatus('live'))
  source.addEventListener('error', () => onStatus('lost'))
  source.addEventListener('request', (event) => onEvent({ type: 'request', entry: JSON.parse(/** @type {MessageEvent} */ (event).data) }))
  source.addEventListener('state', (event) =>
    onEvent({ type: 'state', change: JSON.parse(/** @type {MessageEvent} */ (event).data).change }),
  )
  return source
}
