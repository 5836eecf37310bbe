import type { Generation } from '../../../generation/generate.ts'
import type { Tokenizer } from '../../../generation/tokenizer.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import { chunkFraming, completionHeader } from '../completion-header.ts'
import { completionLogprobs, sliceLogprobs, type CompletionLogprobs } from './completion-logprobs.ts'

/** What the answer to a completions request shows of it, beyond its generations. */
export interface CompletionOptions {
  prompts: readonly string[]
  echo: boolean
  /** How many alternatives `logprobs` lists per token; `undefined`: no logprobs. */
  logprobs: number | undefined
}

/** One choice's text as sent, token by token, with its log probabilities when asked. */
interface ChoicePlan {
  pieces: string[]
  /** Pieces of the echoed prompt at the start, which carry no generated tokens. */
  echoed: number
  logprobs: CompletionLogprobs | null
  finishReason: 'stop' | 'length'
}

function plan(generation: Generation, prompt: string, options: CompletionOptions, tokenizer: Tokenizer): ChoicePlan {
  const { reply } = generation
  const echoed = options.echo ? tokenizer.pieces(prompt) : []
  const pieces = [...echoed, ...reply.textPieces]
  // Offsets count from the prompt's start, as OpenAI's do, whether or not it is echoed.
  const offset = options.echo ? 0 : prompt.length
  const logprobs = options.logprobs === undefined ? null : completionLogprobs(pieces, offset, options.logprobs, reply.id, echoed.length)
  return { pieces, echoed: echoed.length, logprobs, finishReason: reply.finishReason === 'length' ? 'length' : 'stop' }
}

function header(generations: readonly Generation[]) {
  const first = generations[0]!
  const id = generations.length === 1 ? first.reply.id : stableHash(generations.map((g) => g.reply.id).join('\n'))
  return completionHeader(`cmpl-${id}`, 'text_completion', first)
}

function usageOf(generations: readonly Generation[]) {
  let prompt = 0
  let completion = 0
  for (const { reply } of generations) {
    prompt += reply.promptTokens
    completion += reply.completionTokens
  }
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
}

/** A `text_completion`: one choice per prompt, in order. */
export function textCompletion(generations: readonly Generation[], options: CompletionOptions, tokenizer: Tokenizer) {
  return {
    ...header(generations),
    choices: generations.map((generation, index) => {
      const choice = plan(generation, options.prompts[index] ?? '', options, tokenizer)
      return { text: choice.pieces.join(''), index, logprobs: choice.logprobs, finish_reason: choice.finishReason }
    }),
    usage: usageOf(generations),
  }
}

/**
 * The completions stream: each choice's text one token per chunk (an echoed prompt first, in one
 * chunk), a last chunk with its `finish_reason`, the usage chunk when asked, `[DONE]`.
 */
export function textCompletionFrames(
  generations: readonly Generation[],
  options: CompletionOptions,
  tokenizer: Tokenizer,
  includeUsage: boolean,
): StreamFrame[] {
  const head = header(generations)
  // Each chunk is the text JSON.stringify({ ...head, choices: [{ text, index, logprobs, finish_reason }], usage? }) gives.
  const { opening, closing } = chunkFraming(head, includeUsage)
  const chunk = (index: number, text: string, logprobs: CompletionLogprobs | null, finishReason: string | null, tokens: number) => ({
    text: `${opening}"text":${JSON.stringify(text)},"index":${index},"logprobs":${JSON.stringify(logprobs)},"finish_reason":${JSON.stringify(finishReason)}${closing}`,
    tokens,
  })
  const frames: StreamFrame[] = []
  generations.forEach((generation, index) => {
    const choice = plan(generation, options.prompts[index] ?? '', options, tokenizer)
    const slice = (start: number, end: number) => choice.logprobs && sliceLogprobs(choice.logprobs, start, end)
    if (choice.echoed > 0) frames.push(chunk(index, choice.pieces.slice(0, choice.echoed).join(''), slice(0, choice.echoed), null, 0))
    for (let at = choice.echoed; at < choice.pieces.length; at++) frames.push(chunk(index, choice.pieces[at]!, slice(at, at + 1), null, 1))
    frames.push(chunk(index, '', null, choice.finishReason, 0))
  })
  if (includeUsage) frames.push({ text: sseEvent({ ...head, choices: [], usage: usageOf(generations) }), tokens: 0 })
  frames.push({ text: sseEvent('[DONE]'), tokens: 0 })
  return frames
}
