import type { Ranks } from './byte-pair-merge.ts'

/** o200k_base as the tokenizer needs it: its pre-token pattern and the rank of a byte sequence. */
export interface Vocabulary extends Ranks {
  /** The pattern that splits text into pre-tokens: global and Unicode-aware, this tokenizer's own copy. */
  preTokenPattern: RegExp
}

/**
 * o200k_base from gpt-tokenizer's data, packed into our own module (`o200k-tokens.ts`, generated:
 * one base64 string rather than gpt-tokenizer's array literal of 200 000 strings, which held
 * about 50 MB for the life of the process). The tokens go into a hash table keyed by their bytes,
 * so that the merge looks a byte sequence up where it lies, without making a string of it: the
 * lookup is most of what tokenizing costs, and gpt-tokenizer's (decode the bytes, then a Map of
 * 200 000 strings) costs several times more. Keyed by bytes, it also finds the nine tokens that
 * start with a byte-order mark, which gpt-tokenizer's lookup misses (its TextDecoder drops the mark).
 */
export async function loadO200kVocabulary(): Promise<Vocabulary> {
  const { o200kTokens, o200kTokenCount, o200kPreTokenPattern: pattern } = await import('./o200k-tokens.ts')
  const table = new TokenTable(unpackTokens(o200kTokens), o200kTokenCount)
  return {
    rankOf: (bytes, start, end) => table.rankOf(bytes, start, end),
    preTokenPattern: new RegExp(pattern.source, pattern.flags),
  }
}

/** The base64 of `o200k-tokens.ts` as bytes (`atob`, which browsers and Node.js both have). */
function unpackTokens(base64: string): Uint8Array {
  const binary = atob(base64)
  const packed = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) packed[i] = binary.charCodeAt(i)
  return packed
}

const slotBits = 19
const slotMask = (1 << slotBits) - 1

/** Every token's bytes, one after another, and an open-addressed table from bytes to rank. */
class TokenTable {
  private readonly bytes: Uint8Array
  /** Token `rank` is `bytes[offsets[rank], offsets[rank + 1])`; unused ranks are empty. */
  private readonly offsets: Int32Array
  /** `rank + 1`, so that 0 marks an empty slot. */
  private readonly slots = new Int32Array(1 << slotBits)

  /** `packed`: each rank's token as one length byte then its bytes. */
  constructor(packed: Uint8Array, count: number) {
    if (count > (1 << slotBits) / 2) throw new Error(`A vocabulary of ${count} tokens does not fit the token table.`)
    const bytes = new Uint8Array(packed.length - count)
    const offsets = new Int32Array(count + 1)
    let used = 0
    let at = 0
    for (let rank = 0; rank < count; rank++) {
      offsets[rank] = used
      const end = ++at + packed[at - 1]!
      while (at < end) bytes[used++] = packed[at++]!
    }
    if (at !== packed.length) throw new Error(`The packed vocabulary holds ${packed.length - at} bytes more than ${count} tokens.`)
    offsets[count] = used
    this.bytes = bytes
    this.offsets = offsets
    for (let rank = 0; rank < count; rank++) {
      const start = offsets[rank]!
      const end = offsets[rank + 1]!
      if (start === end) continue
      let slot = hash(this.bytes, start, end)
      while (this.slots[slot] !== 0) slot = (slot + 1) & slotMask
      this.slots[slot] = rank + 1
    }
  }

  rankOf(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start
    for (let slot = hash(bytes, start, end); ; slot = (slot + 1) & slotMask) {
      const stored = this.slots[slot]!
      if (stored === 0) return -1
      const from = this.offsets[stored - 1]!
      if (this.offsets[stored]! - from !== length) continue
      let i = 0
      while (i < length && this.bytes[from + i] === bytes[start + i]) i++
      if (i === length) return stored - 1
    }
  }
}

/** FNV-1a, top bits. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193)
  return h >>> (32 - slotBits)
}
