import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { atMost, maxListInputs } from '../../../schema/list-limit.ts'
import { memoByObject } from '../../../cache/memo.ts'
import type { Conversation } from '../../../conversation/conversation.ts'

// OpenAI's default when a request does not say: short, so autocomplete stays cheap.
const defaultMaxTokens = 16
const tokenIds = lazySchema(() => z.array(z.int().nonnegative()).min(1, { error: 'must not be an empty list' }))

const promptSchema = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string()).min(1, { error: 'must not be an empty list' }), tokenIds, z.array(tokenIds).min(1)], {
      error: 'expected a string, a list of strings, a list of token ids or a list of token-id lists',
    })
    // A list of token ids is one prompt.
    .refine(
      (prompt) => typeof prompt === 'string' || typeof prompt[0] === 'number' || prompt.length <= maxListInputs,
      atMost(maxListInputs, 'prompts'),
    ),
)

/** `POST /v1/completions` (the legacy completions API, fill-in-the-middle with `suffix`): the fields the gateway reads. */
export const completionsRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    prompt: promptSchema,
    suffix: z.string().nullable().optional(),
    max_tokens: z.int().nonnegative().nullable().optional(),
    echo: z.boolean().nullable().optional(),
    logprobs: z.int().min(0).max(5, { error: 'at most 5 log probabilities per token' }).nullable().optional(),
    n: z.literal(1, { error: 'the gateway generates one choice per prompt: n must be 1' }).nullable().optional(),
    stream: z.boolean().nullable().optional(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    // Read by no generation here, but refused when of the wrong type, as OpenAI refuses them.
    temperature: z.number().nullable().optional(),
    top_p: z.number().nullable().optional(),
    stop: z
      .union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' })
      .nullable()
      .optional(),
    user: z.string().optional(),
  }),
)

export type CompletionsRequest = z.output<typeof completionsRequestSchema>

/** The prompts a request holds, as text: a list gets one choice each; token ids are read as the text of their ids. */
export const completionPrompts = memoByObject((request: CompletionsRequest): string[] => promptsOf(request).map(textOf))

/** Each prompt as given: its text, or its token ids. */
function promptsOf(request: CompletionsRequest): (string | number[])[] {
  const { prompt } = request
  if (typeof prompt === 'string') return [prompt]
  if (typeof prompt[0] === 'number') return [prompt as number[]]
  return prompt as (string | number[])[]
}

const textOf = (prompt: string | number[]): string => (typeof prompt === 'string' ? prompt : prompt.join(' '))

/**
 * Each prompt as a conversation for generation: a bare prompt (counted as its tokens alone, token
 * ids one each, as /v1/embeddings counts them), with the suffix after it counted too, cut at
 * `max_tokens` (16 unless the request says).
 */
export const completionConversations = memoByObject((request: CompletionsRequest): Conversation[] =>
  promptsOf(request).map((prompt) => {
    const suffix = request.suffix ?? ''
    return {
      system: '',
      turns: [
        {
          role: 'user',
          text: `${textOf(prompt)}${suffix}`,
          toolCalls: [],
          ...(typeof prompt !== 'string' && { tokenIds: { count: prompt.length, suffix } }),
        },
      ],
      tools: [],
      toolChoice: 'none',
      maxOutputTokens: request.max_tokens ?? defaultMaxTokens,
      bare: true,
    }
  }),
)
