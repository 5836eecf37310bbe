import { memo } from '../cache/memo.ts'

/**
 * Token counting and splitting with o200k_base (the GPT-4o encoding, via gpt-tokenizer). One
 * encoding for every model: usage, count_tokens/countTokens and the context check only need to
 * agree with each other, and they do because they all come from here.
 */
export interface Tokenizer {
  count(text: string): number
  /** The text as one string per token, in order; joined they give the text back. */
  pieces(text: string): string[]
  /** The first `limit` tokens of `text`. */
  truncate(text: string, limit: number): string
}

let loading: Promise<Tokenizer> | undefined

/**
 * The tokenizer, loaded on first use: its vocabulary takes a few hundred milliseconds to load,
 * which model listing and `--help` should not pay for.
 */
export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(({ encode, decode, decodeGenerator }) => {
    const counts = memo<number>()
    const split = memo<string[]>()
    return {
      count: (text) => (text === '' ? 0 : counts(text, () => encode(text).length)),
      // Callers get their own array, so the memo cannot be changed through them.
      pieces: (text) => (text === '' ? [] : [...split(text, () => joinPartialCharacters([...decodeGenerator(encode(text))]))]),
      truncate: (text, limit) => {
        const tokens = encode(text)
        return tokens.length <= limit ? text : decode(tokens.slice(0, limit))
      },
    }
  })
  return loading
}

/**
 * A token can end inside a multi-byte character, which decodes to U+FFFD on its own; such a
 * piece is merged with the next so that every piece is valid text.
 */
function joinPartialCharacters(pieces: string[]): string[] {
  const joined: string[] = []
  let pending = ''
  for (const piece of pieces) {
    pending += piece
    if (!pending.endsWith('\uFFFD')) {
      joined.push(pending)
      pending = ''
    }
  }
  if (pending) joined.push(pending)
  return joined
}
