import { yieldToEventLoop } from './yield-to-event-loop.ts'

/** How long a slice runs before it lets the event loop in: as the tokenizer's slices (tokenizer.ts). */
const sliceMs = 8

/**
 * `items.map(map)` for a long list, in slices of about `sliceMs` with the event loop let in
 * before and between them, so that a large request (10 000 documents to rerank) does not hold
 * every other client of the server while it is worked through. The clock is looked at after
 * each item: an item is expected to take well under a slice.
 */
export async function mapInSlices<T, U>(items: readonly T[], map: (item: T, index: number) => U): Promise<U[]> {
  const mapped: U[] = []
  // Requests already waiting go first.
  await yieldToEventLoop()
  let sliceStart = performance.now()
  for (let index = 0; index < items.length; index++) {
    mapped.push(map(items[index]!, index))
    if (performance.now() - sliceStart < sliceMs) continue
    await yieldToEventLoop()
    sliceStart = performance.now()
  }
  return mapped
}
