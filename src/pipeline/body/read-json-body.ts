import { gatewayError } from '../../errors/gateway-error.ts'
import { concat } from '../../bytes/concat-bytes.ts'
import { assertBodyDepth } from './body-depth.ts'

/** 32 MiB: far above any chat request, far below what would strain the machine. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024

// One for every body: a whole body decoded at once leaves no state behind, where a decoder made
// per request (to decode chunk by chunk) was a few µs of a small chat's cost in process.
const decoder = new TextDecoder()

/**
 * Reads a request body as text, counting bytes as they arrive: a body over `limit` is refused
 * with 413 as soon as it is known to be too big (from `content-length`, or once the count
 * passes the limit), and the rest is never buffered.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  assertDeclaredLength(request, limit)
  return decoder.decode(await readBytes(request, limit))
}

/** The body the server adapter read ahead, under the same limit as {@link readBodyText}, without a promise. */
export function readAheadText(request: Request, limit: number, readAhead: string): string {
  assertDeclaredLength(request, limit)
  return readAhead
}

/** A body whose `content-length` is over `limit` is refused before a byte of it is read. */
function assertDeclaredLength(request: Request, limit: number): void {
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) throw tooLarge(limit)
}

/**
 * A body's text as a JSON object no deeper than `maxDepth` levels, or `body_empty`,
 * `body_not_json`, `body_not_object` or `body_too_deep`.
 */
export function parseJsonObject(text: string, maxDepth: number): Record<string, unknown> {
  if (text.trim() === '') {
    throw gatewayError('body_empty')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw gatewayError('body_not_json', { detail })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw gatewayError('body_not_object', {
      got: Array.isArray(body) ? 'an array' : typeof body === 'object' ? 'null' : `a ${typeof body}`,
    })
  }
  assertBodyDepth(body, maxDepth)
  return body as Record<string, unknown>
}

/**
 * A body's bytes (a file upload), refused with 413 as soon as it is known to be over `limit`, as
 * `readBodyText` does.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  assertDeclaredLength(request, limit)
  return readBytes(request, limit)
}

/** The whole body, read chunk by chunk and counted against `limit`: its one chunk itself when it came in one. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The client went away mid-body: a bad request, not a fault of the gateway's.
      throw gatewayError('body_unreadable', { detail: error instanceof Error ? error.message : String(error) })
    })
    if (done) return chunks.length === 1 ? chunks[0]! : concat(chunks)
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
}

function tooLarge(limit: number) {
  return gatewayError('body_too_large', { limit, limitMb: String(Math.round((limit / 2 ** 20) * 100) / 100) })
}
