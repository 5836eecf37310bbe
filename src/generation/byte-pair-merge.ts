/** A byte-level BPE vocabulary. */
export interface Ranks {
  /** The rank (token id) of `bytes[start, end)`, or -1 if that is no token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number
}

/** The most bytes one merge takes: a chunk of `maxChunkLength` UTF-16 units is at most three bytes each. */
export const maxMergeBytes = 4096
const startBits = 12
const startMask = (1 << startBits) - 1
const none = -1

/**
 * Splits pre-tokens into tokens by byte-pair merging, the way tiktoken and gpt-tokenizer do:
 * repeatedly merge the adjacent pair whose joined bytes have the lowest rank, the leftmost one on
 * a tie, until no pair is a token. Same result as gpt-tokenizer's merge, which rescans and
 * splices an array on every merge (its cost grows with the square of the length) and decodes
 * every candidate pair to a string to look it up: this one keeps the candidates in a heap, so a
 * pre-token of n bytes costs n log n, and looks bytes up where they lie (see o200k-vocabulary.ts).
 *
 * After `merge`, `ranks` and `ends` hold the tokens (rank, and end offset in bytes) of the
 * bytes given. One merger is shared by everything that tokenizes; it is not reentrant.
 */
export class BytePairMerger {
  readonly bytes = new Uint8Array(maxMergeBytes)
  readonly ranks = new Int32Array(maxMergeBytes)
  readonly ends = new Int32Array(maxMergeBytes)

  private readonly lookup: Ranks
  private readonly byteRanks = new Int32Array(256)
  // Per part, indexed by its first byte: the token it is, its neighbours and the rank of it
  // joined with the next part (`none` when that is no token or the part was merged away).
  private readonly partRank = new Int32Array(maxMergeBytes)
  private readonly next = new Int32Array(maxMergeBytes)
  private readonly previous = new Int32Array(maxMergeBytes)
  private readonly pairRank = new Int32Array(maxMergeBytes)
  // Candidate merges as rank * 4096 + start, so the smallest is the lowest rank, then leftmost.
  // Entries whose pair has since changed are skipped when they come out; every merge takes one
  // out and puts at most two in, so there are never twice as many as bytes.
  private readonly heap = new Int32Array(2 * maxMergeBytes)
  private size = 0

  constructor(lookup: Ranks) {
    this.lookup = lookup
    for (let byte = 0; byte < 256; byte++) {
      const rank = lookup.rankOf(Uint8Array.of(byte), 0, 1)
      if (rank === none) throw new Error(`The vocabulary has no token for the byte ${byte}.`)
      this.byteRanks[byte] = rank
    }
  }

  /** Merges `this.bytes[0, length)`; returns the number of tokens. */
  merge(length: number): number {
    const { bytes, partRank, next, previous, pairRank } = this
    for (let i = 0; i < length; i++) {
      partRank[i] = this.byteRanks[bytes[i]!]!
      next[i] = i + 1
      previous[i] = i - 1
    }
    this.size = 0
    for (let i = 0; i < length; i++) this.offer(i, length, false)
    // Ordered once, in linear time, rather than one insertion at a time.
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, this.heap[i]!)
    while (this.size > 0) {
      const entry = this.pop()
      const rank = entry >>> startBits
      const start = entry & startMask
      if (pairRank[start] !== rank) continue
      const merged = next[start]!
      const after = next[merged]!
      partRank[start] = rank
      next[start] = after
      if (after < length) previous[after] = start
      pairRank[merged] = none
      this.offer(start, length)
      const before = previous[start]!
      if (before >= 0) this.offer(before, length)
    }
    let count = 0
    for (let start = 0; start < length; start = next[start]!) {
      this.ranks[count] = partRank[start]!
      this.ends[count++] = next[start]!
    }
    return count
  }

  /** Works out whether the part at `start` joins with its next, and queues the join if so (unordered while the heap is first filled). */
  private offer(start: number, length: number, ordered = true): void {
    const second = this.next[start]!
    if (second >= length) {
      this.pairRank[start] = none
      return
    }
    const rank = this.lookup.rankOf(this.bytes, start, this.next[second]!)
    this.pairRank[start] = rank
    if (rank === none) return
    if (ordered) this.push((rank << startBits) | start)
    else this.heap[this.size++] = (rank << startBits) | start
  }

  private push(entry: number): void {
    const heap = this.heap
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (heap[parent]! <= entry) break
      heap[i] = heap[parent]!
      i = parent
    }
    heap[i] = entry
  }

  private pop(): number {
    const top = this.heap[0]!
    const last = this.heap[--this.size]!
    if (this.size > 0) this.siftDown(0, last)
    return top
  }

  /** Puts `entry` at `i` or below, where it keeps the heap ordered. */
  private siftDown(i: number, entry: number): void {
    const { heap, size } = this
    for (;;) {
      let child = 2 * i + 1
      if (child >= size) break
      if (child + 1 < size && heap[child + 1]! < heap[child]!) child++
      if (heap[child]! >= entry) break
      heap[i] = heap[child]!
      i = child
    }
    heap[i] = entry
  }
}
