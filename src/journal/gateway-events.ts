import type { RequestLogEntry } from './request-log-entry.ts'

/** What changed in the gateway's state, besides requests: the inspector reads the state again when told. */
export type StateChange = 'scenario' | 'clock' | 'reset' | 'journal'

/** What a watcher (the inspector's event stream) is told, as it happens. */
export type GatewayEvent = { type: 'request'; entry: RequestLogEntry } | { type: 'state'; change: StateChange }

export type GatewayEventListener = (event: GatewayEvent) => void

/**
 * The gateway's live feed: each journal entry as it is added and each change of state. Publishers
 * ask `watched` first, so with no watcher nothing is built or sent.
 */
export class GatewayEvents {
  readonly #listeners = new Set<GatewayEventListener>()

  get watched(): boolean {
    return this.#listeners.size > 0
  }

  /** Calls `listener` with every event from now on; returns what stops it. */
  subscribe(listener: GatewayEventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  publish(event: GatewayEvent): void {
    for (const listener of this.#listeners) listener(event)
  }
}
