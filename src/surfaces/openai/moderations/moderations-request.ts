import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { atMost, maxListInputs } from '../../../schema/list-limit.ts'
import { memoByObject } from '../../../cache/memo.ts'

const part = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text'), text: z.string() }),
    z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string() }) }),
  ]),
)

/** `POST /v1/moderations`: `input` as a string, strings, or text and image parts; `model` optional. */
export const moderationsRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1).nullable().optional(),
    input: z
      .union([z.string(), z.array(z.string()).min(1), z.array(part).min(1)], {
        error: 'expected a string, a list of strings, or a list of text and image_url parts',
      })
      .refine((input) => typeof input === 'string' || input.length <= maxListInputs, atMost(maxListInputs, 'inputs')),
  }),
)

export type ModerationsRequest = z.output<typeof moderationsRequestSchema>

/** One input to classify: its text, and whether it carries an image. */
export interface ModerationInput {
  text: string
  image: boolean
}

/** The inputs a request classifies, one result each: every string of a list, or all the parts of a multimodal input together. */
export const moderationInputs = memoByObject((request: ModerationsRequest): ModerationInput[] => {
  const { input } = request
  if (typeof input === 'string') return [{ text: input, image: false }]
  if (input.every((item) => typeof item === 'string')) return (input as string[]).map((text) => ({ text, image: false }))
  const parts = input as z.output<typeof part>[]
  return [
    {
      text: parts.map((item) => (item.type === 'text' ? item.text : '')).join('\n'),
      image: parts.some((item) => item.type === 'image_url'),
    },
  ]
})
