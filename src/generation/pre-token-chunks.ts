/**
 * The longest piece of text merged as one: a pre-token longer than this (in UTF-16 units) is cut
 * into pieces of this length, each merged on its own. This is the one place where counts can
 * differ from o200k_base: text has pre-tokens this long only where it has a run this long without
 * a space, a change of case, a digit or punctuation (`'x'.repeat(n)`, a row of one punctuation
 * mark or of spaces, a long unpunctuated stretch of Chinese or Thai), and there a cut can move
 * a token boundary (a run of one letter still counts exactly; a long run of random letters counts
 * a few tokens more). No o200k_base token is longer than 128 bytes, so the pieces lose little; in
 * return one merge takes a fixed buffer and little time, and counting can stop
 * between the pieces of a run of any length to let other requests in.
 */
export const maxChunkLength = 1024

/**
 * The text as the tokenizer merges it, one piece at a time: its o200k_base pre-tokens in order,
 * those longer than `maxChunkLength` cut to that length (never between the halves of a surrogate
 * pair). The pieces join back to the text. Walking can stop and resume at any piece, which is
 * what counting in slices needs.
 */
export class PreTokenChunks {
  /** Where the piece `next` returned last starts in the text. */
  start = 0
  private readonly text: string
  private readonly pattern: RegExp
  private position = 0
  // The rest of a pre-token too long to merge whole.
  private longEnd = 0

  /** `pattern` is shared: it is only used within one call, so walks can interleave. */
  constructor(text: string, pattern: RegExp) {
    this.text = text
    this.pattern = pattern
  }

  next(): string | undefined {
    const { text } = this
    const start = this.position
    if (start >= text.length) return undefined
    let end = this.longEnd
    if (start >= end) {
      this.pattern.lastIndex = start
      const match = this.pattern.exec(text)
      // The pattern matches at every character, so it never skips; if it did, the skipped text
      // would be a piece of its own rather than lost.
      end = match === null ? text.length : match.index > start ? match.index : this.pattern.lastIndex
    }
    if (end - start > maxChunkLength) {
      this.longEnd = end
      end = start + maxChunkLength
      if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end--
    }
    this.start = start
    this.position = end
    return text.slice(start, end)
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff
