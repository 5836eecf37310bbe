import type { Generation } from '../../generation/generate.ts'

const systemFingerprint = 'fp_mock'

/** The fields every completion and chunk share, chat or text: one id, one timestamp, one model. */
export function completionHeader(
  id: string,
  object: 'chat.completion' | 'chat.completion.chunk' | 'text_completion',
  generation: Generation,
) {
  return { id, object, created: generation.created, model: generation.model.id, system_fingerprint: systemFingerprint }
}

/**
 * The text around one streamed chunk's only choice: `opening`, the choice's fields, `closing` is
 * the same text `sseEvent({ ...header, choices: [choice], usage?: null })` gives. Every chunk
 * repeats the header, so it is serialised once (serialising every chunk whole was much of a
 * streamed request's time).
 */
export function chunkFraming(header: object, includeUsage: boolean): { opening: string; closing: string } {
  return {
    opening: `data: ${JSON.stringify(header).slice(0, -1)},"choices":[{`,
    closing: includeUsage ? '}],"usage":null}\n\n' : '}]}\n\n',
  }
}
