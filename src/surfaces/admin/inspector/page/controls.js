// @ts-check
import { send, snapshot } from './api.js'

/**
 * The header's controls, each one admin call: apply a built-in scenario (it replaces the active
 * ones), clear the scenarios, advance the gateway clock, clear the journal, reset the gateway.
 * The feed then tells the page what changed.
 * @param {{ say: (text: string) => void, fail: (text: string) => void }} messages
 */
export function wireControls({ say, fail }) {
  /**
   * @param {string} done
   * @param {() => Promise<unknown>} call
   */
  const act = async (done, call) => {
    try {
      await call()
      say(done)
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error))
    }
  }
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id))
  // A snapshot's gateway is gone: its controls are shown, greyed, so the page looks as it did.
  if (snapshot !== undefined) {
    for (const control of document.querySelectorAll('.controls button, .controls select, .controls input')) {
      ;/** @type {HTMLButtonElement} */ (control).disabled = true
    }
    return
  }

  byId('apply-scenario').addEventListener('submit', (event) => {
    event.preventDefault()
    const name = /** @type {HTMLSelectElement} */ (byId('scenario-name')).value
    void act(`Scenario "${name}" applied: it replaces the active ones.`, () => send('POST', 'scenario', { name }))
  })
  byId('clear-scenarios').addEventListener(
    'click',
    () => void act('No scenario is active.', () => send('POST', 'scenario', { scenarios: [] })),
  )
  byId('advance-clock').addEventListener('submit', (event) => {
    event.preventDefault()
    const advanceMs = Number(/** @type {HTMLInputElement} */ (byId('advance-ms')).value)
    void act(`The gateway clock moved on ${advanceMs} ms.`, () => send('POST', 'clock', { advanceMs }))
  })
  byId('clear-journal').addEventListener('click', () => void act('The journal is empty.', () => send('DELETE', 'journal')))
  byId('reset').addEventListener(
    'click',
    () => void act('Reset: world, clock, scenarios and journal as the gateway started.', () => send('POST', 'reset')),
  )
}
