import { gatewayError } from '../../../errors/gateway-error.ts'
import type { HeldItem, RealtimeItem } from './conversation-items.ts'

/** A session's conversation: its items in order, each with the input audio it holds. */
export class RealtimeConversation {
  readonly items: HeldItem[] = []

  /** The id of the last item, which a new one follows. */
  get lastItemId(): string | null {
    return this.items.at(-1)?.item.id ?? null
  }

  /**
   * Adds `item` after `previousItemId` (at the end when not given): the item it now follows, or
   * `realtime_item_not_found` for an id the conversation does not hold.
   */
  insert(item: RealtimeItem, audioMs: number, previousItemId?: string | null): string | null {
    let at = this.items.length
    if (previousItemId !== undefined && previousItemId !== null) {
      const index = this.items.findIndex((held) => held.item.id === previousItemId)
      if (index === -1) throw gatewayError('realtime_item_not_found', { id: previousItemId }, { param: 'previous_item_id' })
      at = index + 1
    }
    this.items.splice(at, 0, { item, audioMs })
    return at === 0 ? null : this.items[at - 1]!.item.id
  }

  /** The item with `id`, or `realtime_item_not_found`. */
  get(id: string): RealtimeItem {
    return this.items[this.indexOf(id)]!.item
  }

  delete(id: string): void {
    this.items.splice(this.indexOf(id), 1)
  }

  indexOf(id: string): number {
    const index = this.items.findIndex((held) => held.item.id === id)
    if (index === -1) throw gatewayError('realtime_item_not_found', { id })
    return index
  }
}
