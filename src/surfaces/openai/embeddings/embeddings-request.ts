import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { maxListInputs as maxInputs } from '../../../schema/list-limit.ts'
import { memoByObject } from '../../../cache/memo.ts'
import type { EmbeddingInput } from '../../../generation/embed.ts'

const tokenId = lazySchema(() => z.int().nonnegative())

const inputSchema = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string()), z.array(tokenId), z.array(z.array(tokenId))], {
      error: 'expected a string, a list of strings, a list of token ids or a list of token-id lists',
    })
    .superRefine((value, context) => {
      const problem = (message: string, path: number[] = []) => context.addIssue({ code: 'custom', message, path })
      if (typeof value === 'string') {
        if (value === '') problem('must not be an empty string')
        return
      }
      if (value.length === 0) return problem('must not be an empty list')
      // A list of token ids is one input.
      if (isTokenIds(value)) return
      if (value.length > maxInputs) problem(`at most ${maxInputs} inputs per request, got ${value.length}`)
      value.forEach((item, index) => {
        if (item.length === 0) problem(typeof item === 'string' ? 'must not be an empty string' : 'must not be an empty list', [index])
      })
    }),
)

/** `POST /v1/embeddings`: the fields the gateway reads; `user` and anything else are accepted and ignored. */
export const embeddingsRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    input: inputSchema,
    dimensions: z.int().positive().nullable().optional(),
    encoding_format: z.enum(['float', 'base64']).nullable().optional(),
    user: z.string().optional(),
  }),
)

export type EmbeddingsRequest = z.output<typeof embeddingsRequestSchema>

/**
 * The texts a request embeds, in order. Token ids are embedded as the text of their ids and
 * counted by their number. Remembered per body object: bodies are remembered by their text.
 */
export const embeddingInputs = memoByObject((request: EmbeddingsRequest): EmbeddingInput[] => {
  const { input } = request
  if (typeof input === 'string') return [{ text: input }]
  if (isTokenIds(input)) return [fromTokens(input)]
  return input.map((item) => (typeof item === 'string' ? { text: item } : fromTokens(item)))
})

function isTokenIds(input: readonly (string | number | number[])[]): input is number[] {
  return typeof input[0] === 'number'
}

function fromTokens(ids: readonly number[]): EmbeddingInput {
  return { text: ids.join(' '), tokens: ids.length }
}
