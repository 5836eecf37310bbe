// @ts-check
import { duration, el, replace, table } from './dom.js'

/**
 * The gateway's state as GET /__mock/state gives it: the clock, the active scenarios with the
 * steps left and the requests that matched none (with the nearest steps and what differs), the
 * replay's report, the keys (masked) with their quota and rate windows, the users.
 * @param {{ clock: HTMLElement, offset: HTMLElement, profile: HTMLElement, scenarios: HTMLElement, replay: HTMLElement, keys: HTMLElement, users: HTMLElement, scenarioNames: HTMLSelectElement, onRequest: (requestId: string) => void }} parts
 */
export function statePanel(parts) {
  return {
    /** @param {any} state */
    render(state) {
      parts.clock.textContent = state.clock.iso
      parts.offset.textContent = Math.abs(state.clock.offsetMs) < 1000 ? '' : `(${duration(state.clock.offsetMs)} ahead)`
      parts.profile.textContent = state.profile
      fillScenarioNames(parts.scenarioNames, state.scenarios.builtIn)
      replace(parts.scenarios, ...scenariosOf(state.scenarios, parts.onRequest))
      replace(parts.replay, ...replayOf(state.replay, parts.onRequest))
      replace(parts.keys, keysOf(state.keys), ...groupsOf(state.groups))
      replace(parts.users, usersOf(state.users))
    },
  }
}

/**
 * @param {HTMLSelectElement} select
 * @param {{ name: string, description: string }[]} builtIn
 */
function fillScenarioNames(select, builtIn) {
  if (select.options.length === builtIn.length) return
  replace(select, ...builtIn.map(({ name, description }) => el('option', { value: name, title: description }, name)))
}

/**
 * @param {any} scenarios
 * @param {(requestId: string) => void} onRequest
 */
function scenariosOf(scenarios, onRequest) {
  const { names, report } = scenarios
  if (names.length === 0) return [el('p', { class: 'empty' }, 'None active. Apply a built-in one above, or POST /__mock/scenario.')]
  return [
    el(
      'p',
      {},
      'Active: ',
      ...names.flatMap((/** @type {string} */ name, /** @type {number} */ i) => [i > 0 ? ', ' : '', el('b', {}, name)]),
    ),
    el('h3', {}, report.pendingSteps.length === 0 ? 'No steps left' : `Steps left (${report.pendingSteps.length})`),
    report.pendingSteps.length > 0 &&
      el(
        'ol',
        { class: 'steps' },
        ...report.pendingSteps.map((/** @type {any} */ step) =>
          el('li', { value: step.step }, step.name ? el('b', {}, step.name, ' ') : '', el('code', {}, step.described)),
        ),
      ),
    ...unmatchedOf(report.unmatched, 'matched no step', onRequest),
  ]
}

/**
 * The record/replay report, once the gateway replays recordings: recordings never used, and
 * requests that matched none, with the nearest recordings and what differs.
 * @param {any} replay
 * @param {(requestId: string) => void} onRequest
 */
function replayOf(replay, onRequest) {
  if (!replay) return [el('p', { class: 'empty' }, 'No recordings are being replayed.')]
  const unused = Array.isArray(replay.unused) ? replay.unused : []
  return [
    el('h3', {}, unused.length === 0 ? 'Every recording used' : `Recordings not used (${unused.length})`),
    unused.length > 0 && el('ul', {}, ...unused.map((/** @type {any} */ recording) => el('li', {}, el('code', {}, labelOf(recording))))),
    ...unmatchedOf(Array.isArray(replay.unmatched) ? replay.unmatched : [], 'matched no recording', onRequest),
  ]
}

/**
 * Requests that matched nothing, each with its nearest candidates and what differs from each.
 * @param {any[]} unmatched
 * @param {string} what
 * @param {(requestId: string) => void} onRequest
 */
function unmatchedOf(unmatched, what, onRequest) {
  if (unmatched.length === 0) return []
  return [
    el('h3', { class: 'alarm' }, `Requests that ${what} (${unmatched.length})`),
    el(
      'ul',
      { class: 'unmatched' },
      ...unmatched.map((request) =>
        el(
          'li',
          {},
          el(
            'button',
            { type: 'button', class: 'link', onclick: () => onRequest(request.requestId), title: 'Show this request' },
            `${request.method} ${request.path}`,
          ),
          request.model ? ` (model ${request.model})` : '',
          nearestOf(request),
        ),
      ),
    ),
  ]
}

/** @param {any} request */
function nearestOf(request) {
  const nearest = Array.isArray(request.nearest) ? request.nearest : []
  if (nearest.length === 0)
    return el(
      'div',
      { class: 'empty' },
      request.expected ? `expected ${request.expected}` : (request.reason ?? 'nothing was left to match'),
    )
  return el(
    'ul',
    { class: 'nearest' },
    ...nearest.map((/** @type {any} */ candidate, /** @type {number} */ index) =>
      el(
        'li',
        {},
        el('span', { class: 'candidate' }, `${index === 0 && candidate.step !== undefined ? 'expected ' : 'near: '}${labelOf(candidate)}`),
        // A recording's differences come as sentences (`model: recorded "a", got "b"`).
        candidate.differences?.length > 0
          ? el('ul', { class: 'differs' }, ...candidate.differences.map((/** @type {string} */ difference) => el('li', {}, difference)))
          : candidate.differs?.length > 0
            ? el(
                'ul',
                { class: 'differs' },
                ...candidate.differs.map((/** @type {any} */ difference) =>
                  el(
                    'li',
                    {},
                    el('b', {}, difference.field),
                    ': wanted ',
                    el('code', {}, JSON.stringify(difference.expected)),
                    ', got ',
                    el('code', { class: 'got' }, JSON.stringify(difference.got)),
                  ),
                ),
              )
            : el('div', { class: 'empty' }, 'matches it, out of order'),
      ),
    ),
  )
}

/** A step or recording as its report names it. @param {any} item */
function labelOf(item) {
  if (typeof item === 'string') return item
  if (item.label) return String(item.label)
  if (item.step !== undefined) return `step ${item.step}${item.name ? ` "${item.name}"` : ''}`
  if (item.recording !== undefined) {
    const exchange = item.id === undefined ? '' : ` #${item.id}`
    // `asked` quotes what was said itself (`last user turn "Hi"`): not quoted again.
    const asked = item.asked === undefined ? '' : `: ${[item.route, item.model].filter(Boolean).join(' ')}, ${item.asked}`
    return `recording "${item.recording}"${exchange}${asked}`
  }
  return JSON.stringify(item)
}

/** @param {any} limit */
function windowOf(limit) {
  if (!limit) return ''
  const reset = limit.resetMs === undefined ? '' : `, frees in ${duration(limit.resetMs)}`
  return `${limit.used}/${limit.requests} per ${duration(limit.windowMs)}${reset}`
}

/** Quota units, kept on one line. @param {number} quota */
function units(quota) {
  return `${quota.toLocaleString('en-US')}\u00a0units`
}

/** @param {any[]} keys */
function keysOf(keys) {
  const limited = keys.some((key) => key.rateLimit)
  return table(['key', 'name', 'state', 'quota left', ...(limited ? ['rate window'] : [])], keys, (key) => [
    el('code', {}, key.key),
    el('span', { title: `owned by ${key.owner}` }, key.name),
    el('span', { class: `key-state ${key.state}` }, key.state),
    key.quota === 'unlimited' ? 'unlimited' : units(key.quota),
    ...(limited ? [windowOf(key.rateLimit)] : []),
  ])
}

/** @param {any[]} groups */
function groupsOf(groups) {
  if (groups.length === 0) return []
  return [el('h3', {}, 'Group rate windows'), table(['group', 'rate window'], groups, (group) => [group.name, windowOf(group.rateLimit)])]
}

/** @param {any[]} users */
function usersOf(users) {
  const limited = users.some((user) => user.rateLimit)
  return table(['user', 'status', 'quota left', 'used', 'requests', ...(limited ? ['rate window'] : [])], users, (user) => [
    user.username,
    el('span', { class: `key-state ${user.status}` }, user.status),
    units(user.quota),
    units(user.usedQuota),
    user.requestCount.toLocaleString('en-US'),
    ...(limited ? [windowOf(user.rateLimit)] : []),
  ])
}
