/** A piece of per-gateway state that a route owns (the Responses API's stored responses): made on first use. */
export interface StateSlot<Value> {
  readonly create: () => Value
}

/** Declares a slot; `runtime.state.get(slot)` gives each gateway its own value. */
export function stateSlot<Value>(create: () => Value): StateSlot<Value> {
  return { create }
}

/**
 * The state routes keep across requests, one value per slot, emptied by `gateway.reset()`. The
 * routes that own it declare it, so the gateway holds it without knowing what it is.
 */
export class GatewayState {
  readonly #values = new Map<StateSlot<unknown>, unknown>()

  get<Value>(slot: StateSlot<Value>): Value {
    if (!this.#values.has(slot)) this.#values.set(slot, slot.create())
    return this.#values.get(slot) as Value
  }

  clear(): void {
    this.#values.clear()
  }
}
