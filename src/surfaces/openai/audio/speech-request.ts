import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'

/** The audio formats the gateway makes. */
export const speechFormats = ['mp3', 'wav', 'pcm'] as const
export type SpeechFormat = (typeof speechFormats)[number]

/** `POST /v1/audio/speech`: the fields the gateway reads. */
export const speechRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1).nullable().optional(),
    input: z.string().min(1, { error: 'must not be empty' }).max(4096, { error: 'String should have at most 4096 characters' }),
    voice: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]),
    response_format: z
      .enum(speechFormats, {
        error: 'the gateway makes mp3, wav and pcm audio (opus, aac and flac are not served): expected "mp3", "wav" or "pcm"',
      })
      .nullable()
      .optional(),
    speed: z.number().min(0.25).max(4).nullable().optional(),
    instructions: z.string().nullable().optional(),
    stream_format: z.literal('audio', { error: 'the gateway sends the audio whole: stream_format must be "audio"' }).nullable().optional(),
  }),
)

export type SpeechRequest = z.output<typeof speechRequestSchema>
