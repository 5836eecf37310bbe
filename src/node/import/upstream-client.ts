import type { z } from 'zod'
import { maskKey } from '../../auth/mask-key.ts'

/** A route's answer: its checked body, or why there is none (`status` when the upstream answered). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status?: number; why: string }

export interface UpstreamClient {
  /** One GET below the upstream's base URL, its JSON answer checked against `schema`. */
  get<T extends z.ZodType>(path: string, headers: Record<string, string>, schema: T): Promise<Outcome<z.infer<T>>>
  /** Whether an answer so far came from new-api (its `X-New-Api-Version` header): its worlds are served with `--profile new-api`. */
  readonly newApi: boolean
}

// A bounded number of pages: a list that never ends is a broken upstream, not a big one.
const maxPages = 50

/**
 * Calls an upstream gateway. Every failure is an outcome, not an exception: no answer (with
 * why), a status and the message of the body in whichever envelope it came, a body that is not
 * JSON or not of the expected shape, or new-api's 200 with `{success: false}`. The `secrets`
 * never appear whole in what it says.
 */
export function upstreamClient(options: {
  base: string
  fetch: typeof fetch
  timeoutMs: number
  secrets: readonly string[]
}): UpstreamClient {
  const scrub = (text: string) => options.secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join(maskKey(secret)), text)
  let newApi = false
  return {
    get newApi() {
      return newApi
    },
    async get(path, headers, schema) {
      let response: Response
      try {
        response = await options.fetch(`${options.base}${path}`, {
          headers: { accept: 'application/json', ...headers },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (error) {
        return { ok: false, why: `no answer (${scrub(describeFailure(error))})` }
      }
      if (response.headers.has('x-new-api-version')) newApi = true
      const text = await response.text().catch(() => '')
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return { ok: false, status: response.status, why: `${response.status}, not JSON` }
      }
      const said = messageOf(body)
      if (!response.ok) return { ok: false, status: response.status, why: `${response.status}${said ? ` "${scrub(said)}"` : ''}` }
      if (isRecord(body) && body.success === false) return { ok: false, status: response.status, why: `refused: "${scrub(said ?? '')}"` }
      const parsed = schema.safeParse(body)
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: response.status, why: 'an answer of another shape' }
    },
  }
}

/** Every page of a paged list, or the first failure: `next` gives the next page's cursor, or undefined after the last. */
export async function allPages<Page, Item>(
  fetchPage: (cursor: string | undefined) => Promise<Outcome<Page>>,
  items: (page: Page) => Item[],
  next: (page: Page) => string | undefined,
): Promise<Outcome<Item[]>> {
  const all: Item[] = []
  let cursor: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const answer = await fetchPage(cursor)
    if (!answer.ok) return answer
    all.push(...items(answer.value))
    cursor = next(answer.value)
    if (cursor === undefined) break
  }
  return { ok: true, value: all }
}

/** The message of an error body in any of the gateway's envelopes. */
function messageOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const message = isRecord(body.error) ? body.error.message : body.message
  return typeof message === 'string' && message !== '' ? message.slice(0, 160) : undefined
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return 'timed out'
  // fetch says "fetch failed" and keeps what happened (ECONNREFUSED, a DNS failure) in its cause.
  return error.cause instanceof Error ? error.cause.message : error.message
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
