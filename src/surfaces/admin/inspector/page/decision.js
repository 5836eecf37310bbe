// @ts-check
// What decided a request's answer, from its journal entry: a scenario rule or step (by the name
// in `decidedBy`), a recording (`decidedBy` "recording …"), the strict script that matched
// nothing, what a management request changed (`changed`), or the check that refused it: the pipeline stage that raised the error (`stage`) and
// the error's name, read by its family (key_*, body_*, model_*, quota_*, rate_limited, …).

/** @typedef {{ kind: 'generated' | 'answered' | 'changed' | 'scenario' | 'recording' | 'refused', text: string }} Decision */

/**
 * @param {any} entry a journal entry
 * @returns {Decision}
 */
export function decisionOf(entry) {
  const by = entry.decidedBy
  const failed = entry.error !== undefined
  if (by === 'strict scenario') return { kind: 'refused', text: `strict script: matched no step → ${entry.code}` }
  if (typeof by === 'string' && by.startsWith('recording')) return { kind: 'recording', text: failed ? `${by} → ${entry.code}` : by }
  if (typeof by === 'string') return { kind: 'scenario', text: failed ? `${by} → ${entry.code}` : by }
  if (failed) return { kind: 'refused', text: `${checkOf(entry)} refused: ${entry.code}` }
  // A management request says what it changed: `created token 12 "ci"`.
  if (typeof entry.changed === 'string') return { kind: 'changed', text: entry.changed }
  return entry.usage ? { kind: 'generated', text: 'generated' } : { kind: 'answered', text: 'answered' }
}

/**
 * The check that refused a request, by the stage that raised its error and the error's name.
 * @param {any} entry
 */
export function checkOf(entry) {
  const name = String(entry.error ?? '')
  switch (entry.stage) {
    case 'authenticate':
      return name.startsWith('quota_') ? 'key quota (at authentication)' : 'authentication'
    case 'read-body':
      return 'request body'
    case 'admit':
      if (name.startsWith('rate_limit')) return 'rate limit'
      if (name.startsWith('quota_')) return 'quota'
      if (name.startsWith('model_')) return 'model access'
      if (name === 'client_closed') return 'client left'
      return 'admission'
    case 'handle':
      if (name === 'context_too_long') return 'context window'
      if (name.startsWith('quota_')) return 'quota'
      if (name.startsWith('model_')) return 'model kind'
      if (name === 'route_not_found' || name.startsWith('base_url_')) return 'routing'
      return 'route'
    default:
      return 'gateway'
  }
}

/**
 * The stage that raised a request's error, as a sentence's subject.
 * @param {any} entry
 */
export function stageOf(entry) {
  return (
    { authenticate: '1. authenticate', 'read-body': '2. read the body', admit: '3. admit', handle: '4. handle' }[
      /** @type {string} */ (entry.stage)
    ] ?? 'before any stage'
  )
}
