import type { ResolvedError } from '../../../profiles/resolved-error.ts'

/**
 * An error on the Responses socket, as OpenAI's Responses WebSocket sends it: the HTTP status it
 * would have had (and its headers) beside the error, so that a client maps it as it maps an HTTP
 * answer (Codex retries 429 and 5xx, and reads no error event without a status as a failure).
 * `more`: what else the event carries (a mid-stream error's `sequence_number`).
 */
export function socketErrorEvent(error: ResolvedError, more: object = {}): { type: string; [field: string]: unknown } {
  return {
    type: 'error',
    ...more,
    status: error.status,
    error: { type: error.type, code: error.code, message: error.message, param: error.param },
    ...(Object.keys(error.headers).length > 0 && { headers: error.headers }),
  }
}
