import { memo } from '../cache/memo.ts'
import { yieldToEventLoop } from '../time/yield-to-event-loop.ts'
import { BytePairMerger, maxMergeBytes } from './byte-pair-merge.ts'
import { loadO200kVocabulary, type Vocabulary } from './o200k-vocabulary.ts'
import { maxChunkLength, PreTokenChunks } from './pre-token-chunks.ts'

// A chunk is encoded into the merger's buffer, up to three bytes per UTF-16 unit.
if (3 * maxChunkLength > maxMergeBytes) throw new Error('maxChunkLength does not fit the merge buffer.')

/**
 * Token counting and splitting with o200k_base (the GPT-4o encoding, gpt-tokenizer's tables).
 * One encoding for every model: usage, count_tokens/countTokens and the context check only need
 * to agree with each other, and they do because they all come from here. Counts are exact except
 * for runs of more than `maxChunkLength` characters that o200k keeps together (see
 * pre-token-chunks.ts); text is treated as plain text, special tokens included
 * (`<|endoftext|>` is counted as the characters it is, as the real APIs do with user text).
 */
export interface Tokenizer {
  count(text: string): number
  /**
   * The count of all of `texts` together. Up to `atOnceLength` characters in all, counted at
   * once; longer, counted in slices of about `sliceMs` with the event loop let in before and
   * between them (so that one long prompt does not stall every other client), hence the promise.
   */
  countAll(texts: readonly string[]): number | Promise<number>
  /** The text as one string per token, in order; joined they give the text back. A token that ends inside a character is joined with the next. */
  pieces(text: string): string[]
  /** The longest start of `text` that is whole pieces and at most `limit` tokens. */
  truncate(text: string, limit: number): string
}

/** The longest prompt counted without letting the event loop in: a few milliseconds of counting at most. */
export const atOnceLength = 32 * 1024
/** How long a slice of a longer count runs before it lets the event loop in. */
export const sliceMs = 8
// How often, in characters, a slice looks at the clock.
const clockEvery = 4096

let loading: Promise<Tokenizer> | undefined

/**
 * The tokenizer, loaded on first use, by the server and in-process alike: its vocabulary takes a
 * few hundred milliseconds and most of the process's memory to load, which a server that only
 * lists models, `--help` and a test file that never generates should not pay for. Requests that
 * need it wait for it (all of them for the same load); nothing warms it ahead.
 */
export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= loadO200kVocabulary().then((vocabulary) => (loaded = createTokenizer(vocabulary)))
  return loading
}

let loaded: Tokenizer | undefined

/** The tokenizer once it has loaded, for callers that need not wait for what is already there. */
export function loadedTokenizer(): Tokenizer | undefined {
  return loaded
}

export function createTokenizer(vocabulary: Vocabulary): Tokenizer {
  const merger = new BytePairMerger(vocabulary)
  const encoder = new TextEncoder()
  const pattern = vocabulary.preTokenPattern
  // What the last `split` left: whether the chunk was one token, else whether it was all ASCII
  // (its byte offsets are then its character offsets).
  let whole = false
  let ascii = false

  /** Writes the chunk's UTF-8 into the merger's buffer; returns its length in bytes. */
  function encodeChunk(chunk: string): number {
    const bytes = merger.bytes
    // Most pre-tokens are a few ASCII characters, which copy faster than encodeInto is called.
    if (chunk.length <= 32) {
      let i = 0
      for (; i < chunk.length; i++) {
        const code = chunk.charCodeAt(i)
        if (code >= 0x80) break
        bytes[i] = code
      }
      if (i === chunk.length) return i
    }
    return encoder.encodeInto(chunk, bytes).written
  }

  /** The number of tokens in a chunk; their ends (in bytes) are left in `merger.ends`. */
  function split(chunk: string): number {
    const written = encodeChunk(chunk)
    whole = vocabulary.rankOf(merger.bytes, 0, written) !== -1
    if (whole) return 1
    ascii = written === chunk.length
    return merger.merge(written)
  }

  /**
   * Calls `visit` with the end (in characters) and token count of each piece of the chunk just
   * split, until it returns false.
   */
  function visitPieces(chunk: string, tokens: number, visit: (end: number, tokens: number) => boolean): void {
    if (whole) {
      visit(chunk.length, 1)
      return
    }
    if (ascii) {
      for (let i = 0; i < tokens; i++) if (!visit(merger.ends[i]!, 1)) return
      return
    }
    let bytes = 0
    let characters = 0
    let pending = 0
    for (let i = 0; i < tokens; i++) {
      const end = merger.ends[i]!
      pending++
      while (bytes < end) {
        const code = chunk.charCodeAt(characters)
        if (code < 0x80) bytes += 1
        else if (code < 0x800) bytes += 2
        else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(chunk.charCodeAt(characters + 1))) {
          bytes += 4
          characters++
        } else bytes += 3 // lone surrogates too: TextEncoder writes U+FFFD for them
        characters++
      }
      if (bytes > end) continue
      if (!visit(characters, pending)) return
      pending = 0
    }
  }

  // The cuts of a long run of one character (or of a pattern whose length divides the cut) are
  // all alike: 'x'.repeat(n), the usual way to provoke a context error, is then one merge.
  let lastCut = ''
  let lastCutTokens = 0
  function countChunk(chunk: string): number {
    if (chunk.length !== maxChunkLength) return split(chunk)
    if (chunk !== lastCut) {
      lastCutTokens = split(chunk)
      lastCut = chunk
    }
    return lastCutTokens
  }

  function countText(text: string): number {
    let total = 0
    const chunks = new PreTokenChunks(text, pattern)
    for (let chunk = chunks.next(); chunk !== undefined; chunk = chunks.next()) total += countChunk(chunk)
    return total
  }

  async function countInSlices(texts: readonly string[]): Promise<number> {
    // Requests already waiting go first; the slices are timed, as the time a character takes
    // varies tenfold with the text and with the machine's load.
    await yieldToEventLoop()
    let sliceStart = performance.now()
    let total = 0
    let unclocked = 0
    for (const text of texts) {
      const chunks = new PreTokenChunks(text, pattern)
      for (let chunk = chunks.next(); chunk !== undefined; chunk = chunks.next()) {
        total += countChunk(chunk)
        unclocked += chunk.length
        if (unclocked < clockEvery) continue
        unclocked = 0
        if (performance.now() - sliceStart < sliceMs) continue
        await yieldToEventLoop()
        sliceStart = performance.now()
      }
    }
    return total
  }

  function piecesOf(text: string): string[] {
    const pieces: string[] = []
    const chunks = new PreTokenChunks(text, pattern)
    for (let chunk = chunks.next(); chunk !== undefined; chunk = chunks.next()) {
      let start = 0
      visitPieces(chunk, split(chunk), (end) => {
        pieces.push(chunk.slice(start, end))
        start = end
        return true
      })
    }
    return pieces
  }

  const counts = memo<number>()
  const pieceLists = memo<string[]>()
  const count = (text: string) => (text === '' ? 0 : counts(text, () => countText(text)))
  return {
    count,
    countAll(texts) {
      let length = 0
      for (const text of texts) length += text.length
      if (length > atOnceLength) return countInSlices(texts)
      let total = 0
      for (const text of texts) total += count(text)
      return total
    },
    // Callers get their own array, so the memo cannot be changed through them.
    pieces: (text) => (text === '' ? [] : [...pieceLists(text, () => piecesOf(text))]),
    truncate(text, limit) {
      let total = 0
      const chunks = new PreTokenChunks(text, pattern)
      for (let chunk = chunks.next(); chunk !== undefined; chunk = chunks.next()) {
        const tokens = split(chunk)
        if (total + tokens <= limit) {
          total += tokens
          continue
        }
        let kept = 0
        visitPieces(chunk, tokens, (end, pieceTokens) => {
          if (total + pieceTokens > limit) return false
          total += pieceTokens
          kept = end
          return true
        })
        return text.slice(0, chunks.start + kept)
      }
      return text
    },
  }
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff
