// @ts-check
import { getJson } from './api.js'
import { checkOf, decisionOf, stageOf } from './decision.js'
import { el, replace } from './dom.js'

/**
 * One request in detail: what decided its answer, the request body as the client sent it, the
 * reply as the gateway wrote it (a stream frame by frame, with when each was written), and the
 * scenario step that would answer the next request the same, to copy.
 * @param {{ title: HTMLElement, body: HTMLElement, say: (text: string) => void }} parts
 */
export function requestDetail({ title, body, say }) {
  let pretty = false
  /** @type {any} */
  let shown
  let showing = ''

  /** @param {any} view */
  const render = (view) => {
    const { entry } = view
    const decision = decisionOf(entry)
    body.closest('.panel')?.scrollTo(0, 0)
    replace(title, `${entry.method} ${entry.path} `, el('span', { class: `status s${String(entry.status)[0]}` }, String(entry.status)))
    replace(
      body,
      el(
        'dl',
        { class: 'facts' },
        fact('request id', entry.requestId),
        fact('time', entry.time),
        fact('route', entry.route),
        fact('surface', entry.surface),
        fact('key', entry.key),
        fact('model', entry.model),
        fact('stream', entry.stream === undefined ? undefined : entry.stream ? 'yes' : 'no'),
        fact(
          'usage',
          entry.usage &&
            `${entry.usage.promptTokens} prompt + ${entry.usage.completionTokens} completion tokens, ${entry.quota ?? 0} quota units`,
        ),
        fact('latency', `${Number(entry.durationMs).toFixed(1)} ms`),
        fact('decided by', el('span', { class: `decision ${decision.kind}` }, decision.text)),
        decision.kind !== 'changed' && fact('changed', entry.changed),
        entry.error !== undefined &&
          fact('refused at', `${stageOf(entry)}, by the ${checkOf(entry)} check: ${entry.error} (code ${entry.code})`),
      ),
      view.query.length > 0 && el('h3', {}, 'Query'),
      view.query.length > 0 &&
        el('pre', { class: 'body' }, view.query.map((/** @type {string[]} */ [name, value]) => `${name}=${value}`).join('\n')),
      el(
        'label',
        { class: 'toggle' },
        el('input', {
          type: 'checkbox',
          checked: pretty,
          onchange: (/** @type {Event} */ event) => {
            pretty = /** @type {HTMLInputElement} */ (event.target).checked
            render(shown)
          },
        }),
        ' indent JSON bodies (they are shown raw, as sent, otherwise)',
      ),
      el('h3', {}, 'Request body'),
      bodyOf(view.request.body, 'no body'),
      ...headersOf(view.request.headers),
      ...conversationOf(view.conversation),
      el('h3', {}, view.reply.frames ? `Reply: ${view.reply.frames.length} stream frames` : 'Reply body'),
      view.reply.frames ? framesOf(view.reply.frames) : bodyOf(view.reply.body, 'empty'),
      el('h3', {}, 'As a scenario step'),
      stepOf(view.step, view.noStep),
    )
  }

  /**
   * @param {string | null | { omittedChars: number } | { omittedBytes: number }} text
   * @param {string} none
   */
  const bodyOf = (text, none) => {
    if (text === null || text === '') return el('p', { class: 'empty' }, none)
    if (typeof text !== 'string')
      return el(
        'p',
        { class: 'empty' },
        'omittedBytes' in text
          ? `not shown: ${text.omittedBytes} bytes of binary content (audio, an image)`
          : `not kept: ${text.omittedChars} characters, over what the gateway keeps of one body`,
      )
    return el('pre', { class: 'body' }, pretty ? indented(text) : text)
  }

  /** The request's headers, credentials masked. @param {[string, string][] | undefined} headers */
  const headersOf = (headers) =>
    headers && headers.length > 0
      ? [
          el('h3', {}, 'Request headers'),
          el('pre', { class: 'body headers' }, headers.map(([name, value]) => `${name}: ${value}`).join('\n')),
        ]
      : []

  /**
   * The conversation as a scenario's `when` reads it (`message`, `system`, `toolResult`,
   * `toolCallId`, `tool`, `turn`), for a request that carries one.
   * @param {any} conversation
   */
  const conversationOf = (conversation) => {
    if (!conversation) return []
    const results = Array.isArray(conversation.toolResults) ? conversation.toolResults : []
    const tools = Array.isArray(conversation.tools) ? conversation.tools : []
    return [
      el('h3', {}, 'Conversation, as scenario matchers read it'),
      el(
        'dl',
        { class: 'facts conversation' },
        fact('message', el('pre', { class: 'frame' }, conversation.message || '(empty)')),
        fact('system', conversation.system ? el('pre', { class: 'frame' }, conversation.system) : '(none)'),
        fact(
          'tool results',
          results.length === 0
            ? 'none'
            : el(
                'ul',
                {},
                ...results.map((/** @type {any} */ result) =>
                  el(
                    'li',
                    {},
                    result.callId ? el('code', {}, result.callId) : '',
                    result.name ? ` (${result.name})` : '',
                    result.callId || result.name ? ': ' : '',
                    el('pre', { class: 'frame' }, result.text),
                  ),
                ),
              ),
        ),
        fact('tools offered', tools.length === 0 ? 'none' : tools.join(', ')),
        fact('turn', String(conversation.turn)),
      ),
    ]
  }

  /** @param {{ text: string, atMs: number | null, disconnect?: boolean }[]} frames */
  const framesOf = (frames) =>
    el(
      'table',
      { class: 'frames' },
      el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, 'written at'), el('th', {}, 'frame'))),
      el(
        'tbody',
        {},
        ...frames.map((frame, index) =>
          el(
            'tr',
            {},
            el('td', { class: 'num' }, String(index + 1)),
            el('td', { class: 'num' }, frame.disconnect ? 'dropped' : frame.atMs === null ? 'not sent' : `${frame.atMs.toFixed(1)} ms`),
            el(
              'td',
              {},
              frame.disconnect
                ? el('span', { class: 'empty' }, 'the connection was dropped here')
                : el('pre', { class: 'frame' }, frame.text),
            ),
          ),
        ),
      ),
    )

  /**
   * @param {unknown} step
   * @param {string | undefined} noStep why a request that steps meet gets none
   */
  const stepOf = (step, noStep) => {
    if (noStep !== undefined) return el('p', { class: 'empty' }, `No step answers the next request the same. ${noStep}`)
    if (step === null)
      return el('p', { class: 'empty' }, 'Only generation requests, responses on a WebSocket and handshakes meet scenario steps.')
    const json = JSON.stringify(step, null, 2)
    const code = el('pre', { class: 'body step', id: 'step-json' }, json)
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(json)
        say('The step is on the clipboard: paste it into a scenario’s "steps".')
      } catch {
        getSelection()?.selectAllChildren(code)
        say('The clipboard is not available here: the step is selected, copy it with Ctrl-C.')
      }
    }
    return el('div', {}, el('button', { type: 'button', id: 'copy-step', onclick: copy }, 'Copy as scenario step'), code)
  }

  return {
    /** @param {string} requestId */
    async show(requestId) {
      showing = requestId
      try {
        const view = await getJson(`journal/${encodeURIComponent(requestId)}`)
        if (showing !== requestId) return
        shown = view
        render(view)
      } catch (error) {
        if (showing !== requestId) return
        replace(title, 'Request')
        replace(body, el('p', { class: 'empty' }, `Request ${requestId}: ${error instanceof Error ? error.message : String(error)}`))
      }
    },
    clear() {
      showing = ''
      replace(title, 'Request')
      replace(body, el('p', { class: 'empty' }, 'Select a request to see its bodies, its stream frames and what decided its answer.'))
    },
  }
}

/**
 * @param {string} label
 * @param {Node | string | undefined} value
 */
function fact(label, value) {
  if (value === undefined || value === '') return null
  return el('div', {}, el('dt', {}, label), el('dd', {}, value))
}

/** @param {string} text */
function indented(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
