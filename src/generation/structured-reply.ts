import type { OutputFormat } from '../conversation/conversation.ts'
import { schemaInstance } from './json-schema/json-schema-instance.ts'

/** Whether the reply must be structured output (JSON, or one enum value), not free text. */
export function isStructured(output: OutputFormat | undefined): output is Exclude<OutputFormat, { type: 'text' }> {
  return output !== undefined && output.type !== 'text'
}

/**
 * The reply text for a structured output request, built around `text` (what the model would
 * have said): `{"reply": text}` for any JSON object; for a schema, a deterministic instance of
 * it whose reply-like string fields (`reply`, `answer`, …) hold `text`; for an enum, its first
 * value. Compact JSON, as the real APIs send it.
 */
export function structuredReply(output: Exclude<OutputFormat, { type: 'text' }>, text: string): string {
  switch (output.type) {
    case 'json_object':
      return JSON.stringify({ reply: text })
    case 'json_schema':
      return JSON.stringify(schemaInstance(output.schema, { replyText: text })) ?? 'null'
    case 'enum':
      return output.values[0] ?? ''
  }
}
