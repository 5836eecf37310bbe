import type { ResolvedItem } from './input-items.ts'
import type { ResponseObject } from './response-object.ts'
import type { StoredConversations } from './responses-conversation.ts'
import { stateSlot } from '../../../pipeline/gateway-state.ts'

/** How many responses a gateway keeps by default: the most recent ones. */
export const defaultResponseStoreLimit = 1000

/** A response as the gateway keeps it. */
export interface StoredResponse {
  /** The user whose key created it: only that user's keys can read or continue it. */
  userId: number
  /** The response object as the client got it (or, for a stream an error broke, as it ended). */
  response: ResponseObject
  /** Its conversation from the start, its own output last: what `previous_response_id` continues. */
  items: readonly ResolvedItem[]
  /** Its output items by id: what an `item_reference` names. */
  outputItems: ReadonlyMap<string, ResolvedItem>
}

/**
 * The responses one gateway stored (`store` on, the default), in memory, the last `limit` of
 * them: `GET /v1/responses/{id}`, `previous_response_id` and `item_reference` read them.
 * `gateway.reset()` empties it.
 */
export class ResponseStore {
  readonly #responses = new Map<string, StoredResponse>()
  /** Output item id → the response that holds it. */
  readonly #items = new Map<string, StoredResponse>()

  readonly limit: number

  constructor(limit = defaultResponseStoreLimit) {
    this.limit = limit
  }

  /** Keeps `stored`, replacing a response with its id, and drops the oldest past the limit. */
  put(stored: StoredResponse): void {
    this.#drop(stored.response.id)
    this.#responses.set(stored.response.id, stored)
    for (const id of stored.outputItems.keys()) this.#items.set(id, stored)
    while (this.#responses.size > this.limit) this.#drop(this.#responses.keys().next().value!)
  }

  /** A response `userId` stored, by id. */
  get(id: string, userId: number): StoredResponse | undefined {
    const stored = this.#responses.get(id)
    return stored?.userId === userId ? stored : undefined
  }

  /** What a request by `userId` may continue from. */
  conversationsOf(userId: number): StoredConversations {
    return {
      itemsOf: (responseId) => this.get(responseId, userId)?.items,
      item: (itemId) => {
        const stored = this.#items.get(itemId)
        return stored?.userId === userId ? stored.outputItems.get(itemId) : undefined
      },
    }
  }

  clear(): void {
    this.#responses.clear()
    this.#items.clear()
  }

  #drop(id: string): void {
    const stored = this.#responses.get(id)
    if (!stored) return
    this.#responses.delete(id)
    for (const itemId of stored.outputItems.keys()) if (this.#items.get(itemId) === stored) this.#items.delete(itemId)
  }
}

/** Each gateway's stored responses. */
export const responseStore = stateSlot(() => new ResponseStore())
