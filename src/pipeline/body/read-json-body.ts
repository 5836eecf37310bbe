import { gatewayError } from '../../errors/gateway-error.ts'
import { concat } from '../../bytes/concat-bytes.ts'
import { assertBodyDepth } from './body-depth.ts'

/** 32 MiB: far above any chat request, far below what would strain the machine. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024

/**
 * Reads a request body as text, counting bytes as they arrive: a body over `limit` is refused
 * with 413 as soon as it is known to be too big (from `content-length`, or once the count
 * passes the limit), and the rest is never buffered.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  assertDeclaredLength(request, limit)
  return readText(request, limit)
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
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) throw tooLarge(limit)
  const chunks: Uint8Array[] = []
  await readChunks(request, limit, (chunk) => chunks.push(chunk))
  return concat(chunks)
}

// One for every body: a whole body decoded at once leaves no state behind, where a decoder made
// per request (to decode chunk by chunk) was a few µs of a small chat's cost in process.
const decoder = new TextDecoder()

async function readText(request: Request, limit: number): Promise<string> {
  const chunks: Uint8Array[] = []
  await readChunks(request, limit, (chunk) => chunks.push(chunk))
  return decoder.decode(chunks.length === 1 ? chunks[0] : concat(chunks))
}

/** Reads the body chunk by chunk, counting bytes against `limit`. */
async function readChunks(request: Request, limit: number, take: (chunk: Uint8Array) => void): Promise<void> {
  if (!request.body) return
  const reader = request.body.getReader()
  let size = 0
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The client went away mid-body: a bad request, not a fault of the gateway's.
      throw gatewayError('body_unreadable', { detail: error instanceof Error ? error.message : String(error) })
    })
    if (done) return
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    take(value)
  }
}

function tooLarge(limit: number) {
  return gatewayError('body_too_large', { limit, limitMb: String(Math.round((limit / 2 ** 20) * 100) / 100) })
}
