import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { uploadSchema } from '../../../pipeline/body/read-multipart-body.ts'

/** The answers a transcription can take. */
export const transcriptFormats = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const
export type TranscriptFormat = (typeof transcriptFormats)[number]

// Multipart fields arrive as text: a number or a list is spelled out.
const numberField = lazySchema(() => z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'expected a number' }))

/** `POST /v1/audio/transcriptions` and `/translations`, as multipart fields: the audio `file` and the rest as text. */
export const transcriptionRequestSchema = lazySchema(() =>
  z.looseObject({
    file: uploadSchema(),
    model: z.string().min(1).optional(),
    language: z.string().optional(),
    prompt: z.string().optional(),
    response_format: z.enum(transcriptFormats, { error: 'expected "json", "text", "srt", "verbose_json" or "vtt"' }).optional(),
    temperature: numberField.optional(),
    timestamp_granularities: z.union([z.string(), z.array(z.string())]).optional(),
    // Refused rather than answered whole, as OpenAI answers whisper-1: the SDK would read a whole answer as an empty stream.
    stream: z
      .literal('false', {
        error: 'the gateway sends transcripts whole (transcript.text.delta events are not served): leave stream out or false',
      })
      .optional(),
  }),
)

export type TranscriptionRequest = z.output<typeof transcriptionRequestSchema>

/** Whether the request asks for word timings (`timestamp_granularities[]=word`). */
export function wantsWords(request: TranscriptionRequest): boolean {
  const granularities = request.timestamp_granularities
  return granularities === 'word' || (Array.isArray(granularities) && granularities.includes('word'))
}
