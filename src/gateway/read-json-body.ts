import { GatewayError } from '../errors/gateway-error.ts'
import { adapterBodyOf } from './adapter-client.ts'
import { assertBodyDepth } from './body-depth.ts'

/** 32 MiB: far above any chat request, far below what would strain the machine. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024

/**
 * Reads a request body as text, counting bytes as they arrive: a body over `limit` is refused
 * with 413 as soon as it is known to be too big (from `content-length`, or once the count
 * passes the limit), and the rest is never buffered.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) throw tooLarge(limit)
  return adapterBodyOf(request) ?? (await readText(request, limit))
}

/** How much of a body the gateway takes: its size in bytes, its nesting in levels of objects and arrays. */
export interface BodyLimits {
  maxBodyBytes: number
  maxBodyDepth: number
}

/**
 * A body's text as a JSON object no deeper than `maxDepth`, or an `invalid_request_error`
 * saying what it is instead.
 */
export function parseJsonObject(text: string, maxDepth: number): Record<string, unknown> {
  if (text.trim() === '') {
    throw new GatewayError('invalid_request_error', 'The request body is empty; expected a JSON object.')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new GatewayError('invalid_request_error', `The request body is not valid JSON: ${detail}`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GatewayError(
      'invalid_request_error',
      `The request body must be a JSON object, got ${Array.isArray(body) ? 'an array' : typeof body === 'object' ? 'null' : `a ${typeof body}`}.`,
    )
  }
  assertBodyDepth(body, maxDepth)
  return body as Record<string, unknown>
}

/** {@link readBodyText} then {@link parseJsonObject}. */
export async function readJsonBody(request: Request, limits: BodyLimits): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request, limits.maxBodyBytes), limits.maxBodyDepth)
}

async function readText(request: Request, limit: number): Promise<string> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The client went away mid-body: a bad request, not a fault of the gateway's.
      throw new GatewayError(
        'invalid_request_error',
        `The request body could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

function tooLarge(limit: number): GatewayError {
  return new GatewayError('context_length_exceeded', `The request body exceeds the gateway's limit of ${limit} bytes.`, {
    status: 413,
  })
}
