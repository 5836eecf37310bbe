import type { Ranks } from './byte-pair-merge.ts'

/** o200k_base as the tokenizer needs it: its pre-token pattern and the rank of a byte sequence. */
export interface Vocabulary extends Ranks {
  /** The pattern that splits text into pre-tokens: global and Unicode-aware, this tokenizer's own copy. */
  preTokenPattern: RegExp
}

/**
 * o200k_base from gpt-tokenizer's data: its ranks (the token list its own encoder is built from)
 * and its pre-token pattern. The tokens go into a hash table keyed by their bytes, so that the
 * merge looks a byte sequence up where it lies, without making a string of it: the lookup is
 * most of what tokenizing costs, and gpt-tokenizer's (decode the bytes, then a Map of 200 000
 * strings) costs several times more. Keyed by bytes, it also finds the nine tokens that start
 * with a byte-order mark, which gpt-tokenizer's lookup misses (its TextDecoder drops the mark).
 */
export async function loadO200kVocabulary(): Promise<Vocabulary> {
  const [{ default: ranks }, { O200K_TOKEN_SPLIT_REGEX: pattern }] = await Promise.all([
    import('gpt-tokenizer/bpeRanks/o200k_base'),
    import('gpt-tokenizer/encodingParams/constants'),
  ])
  const table = new TokenTable(ranks)
  return {
    rankOf: (bytes, start, end) => table.rankOf(bytes, start, end),
    // A copy, so that moving its lastIndex cannot disturb gpt-tokenizer's.
    preTokenPattern: new RegExp(pattern.source, pattern.flags),
  }
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

  constructor(ranks: readonly (string | readonly number[])[]) {
    if (ranks.length > (1 << slotBits) / 2) throw new Error(`A vocabulary of ${ranks.length} tokens does not fit the token table.`)
    const encoder = new TextEncoder()
    // A token's text is at most 3 bytes per UTF-16 unit.
    let capacity = 0
    for (const token of ranks) capacity += token === undefined ? 0 : typeof token === 'string' ? 3 * token.length : token.length
    const bytes = new Uint8Array(capacity)
    const offsets = new Int32Array(ranks.length + 1)
    let used = 0
    for (let rank = 0; rank < ranks.length; rank++) {
      offsets[rank] = used
      const token = ranks[rank]
      if (token === undefined) continue
      if (typeof token === 'string') used += encoder.encodeInto(token, bytes.subarray(used)).written
      else {
        bytes.set(token, used)
        used += token.length
      }
    }
    offsets[ranks.length] = used
    this.bytes = bytes.subarray(0, used)
    this.offsets = offsets
    for (let rank = 0; rank < ranks.length; rank++) {
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
