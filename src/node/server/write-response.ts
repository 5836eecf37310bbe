import type { ServerResponse } from 'node:http'
import { isComplete, isOpenFeed, type RenderedResponse } from '../../http/rendered-response.ts'
import { bodyBytes } from './body-bytes.ts'
import { writeOpenFeed } from './write-open-feed.ts'
import { writeStreamPlan } from './write-stream-plan.ts'

/**
 * Writes an answer to Node: the parts the core rendered into the exchange (see adapter-seam.ts),
 * or else the Fetch `Response`, streamed with backpressure until the client leaves. A complete
 * body is written at once and nothing is returned to wait for. (Which one is told by `parts`, not
 * by `instanceof Response`: reading the global `Response` loads undici, which a start to its first
 * answer does without.)
 */
export function writeResponse(parts: RenderedResponse | undefined, response: Response, res: ServerResponse): Promise<void> | undefined {
  if (!parts) return writeFetchResponse(response, res)
  res.writeHead(parts.status, parts.headers)
  if (!isComplete(parts.body)) return isOpenFeed(parts.body) ? writeOpenFeed(parts.body, res) : writeStreamPlan(parts.body, res)
  res.end(typeof parts.body === 'string' ? bodyBytes(parts.body) : parts.body)
  return undefined
}

/** A Response without rendered parts, written from its Fetch form. */
async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(response.status, response.statusText, headers)
  if (!response.body) {
    res.end()
    return
  }

  const reader = response.body.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  res.once('close', stop)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve))
      if (res.destroyed) return
    }
    res.end()
  } catch {
    // The body failed or was cancelled mid-way: the client has what was sent; cut the connection.
    res.destroy()
  } finally {
    res.off('close', stop)
  }
}
