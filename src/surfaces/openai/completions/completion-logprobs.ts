import { seededRandom, stableHash } from '../../../random/stable-hash.ts'

/** Tokens offered beside the one chosen, when a request asks for more than one alternative. */
const alternatives = [' the', ',', ' a', '.', ' and']

/** The legacy completions API's `logprobs` object for a run of tokens. */
export interface CompletionLogprobs {
  tokens: string[]
  /** `null` for the first token of an echoed prompt, which nothing predicts. */
  token_logprobs: (number | null)[]
  top_logprobs: (Record<string, number> | null)[]
  text_offset: number[]
}

/**
 * Deterministic log probabilities for `pieces` (one per token), starting at character `offset`:
 * the chosen token is always the likeliest, and `top` alternatives follow it. `echoed` pieces
 * (the prompt, with `echo`) start with a `null`, as OpenAI's do.
 */
export function completionLogprobs(pieces: readonly string[], offset: number, top: number, seed: string, echoed = 0): CompletionLogprobs {
  const random = seededRandom(stableHash(seed))
  const result: CompletionLogprobs = { tokens: [], token_logprobs: [], top_logprobs: [], text_offset: [] }
  let at = offset
  pieces.forEach((piece, index) => {
    const chosen = -Math.round(random() * 2_000_000) / 1_000_000
    const first = index === 0 && echoed > 0
    result.tokens.push(piece)
    result.token_logprobs.push(first ? null : chosen)
    const tops: Record<string, number> = first ? {} : { [piece]: chosen }
    for (const [rank, alternative] of alternatives.entries()) {
      if (Object.keys(tops).length >= top || first) break
      if (alternative !== piece) tops[alternative] = Math.round((chosen - 1 - rank) * 1_000_000) / 1_000_000
    }
    result.top_logprobs.push(first ? null : tops)
    result.text_offset.push(at)
    at += piece.length
  })
  return result
}

/** The logprobs of the tokens from `start` to `end`, as one stream chunk carries them. */
export function sliceLogprobs(logprobs: CompletionLogprobs, start: number, end: number): CompletionLogprobs {
  return {
    tokens: logprobs.tokens.slice(start, end),
    token_logprobs: logprobs.token_logprobs.slice(start, end),
    top_logprobs: logprobs.top_logprobs.slice(start, end),
    text_offset: logprobs.text_offset.slice(start, end),
  }
}
