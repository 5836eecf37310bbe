import { gatewayError } from '../../errors/gateway-error.ts'
import { kAdapterSeam, type AdapterSeam } from '../../gateway/adapter-seam.ts'
import { GatewayHandler } from '../../gateway/gateway-handler.ts'
import { toResponse } from '../../http/rendered-response.ts'
import { renderFailure } from '../../pipeline/render-failure.ts'
import { defaultMaxBodyBytes } from '../../pipeline/body/read-json-body.ts'
import { specProfile } from '../../profiles/spec-profile.ts'
import { identifyRoute } from '../../recording/identify-route.ts'
import { recordExchange, withoutKey } from '../../recording/record-exchange.ts'
import { redactText, type Redaction } from '../../recording/redact.ts'
import { startServer } from '../create-server.ts'
import { forwardToUpstream, upstreamAgents, type UpstreamAnswer } from './forward-to-upstream.ts'
import { RecordingFile } from './recording-file.ts'
import { upstreamRequest, type Upstream } from './upstream-request.ts'

export interface RecorderOptions {
  /** The upstream gateway's base URL, e.g. `https://gateway.example.com` (no credentials in it). */
  upstream: string
  /** The directory the session's recording file goes into (made, owner-only, if missing). Default `./recordings`. */
  out?: string
  /** 0 picks any free port. Default 4010. The recorder listens on 127.0.0.1 only. */
  port?: number
  /** Sent to the upstream in place of the client's API key, wherever the client put it. */
  upstreamKey?: string
  /** Matches are replaced by `[redacted]` in everything recorded (request and reply content). */
  redact?: readonly RegExp[]
  /** Told of each exchange once the upstream has ended its answer: recorded, or why not. Never given a credential. */
  onExchange?: (exchange: RecorderExchange) => void
}

/** One exchange as the recorder reports it (what its log line shows). */
export interface RecorderExchange {
  method: string
  /** The path and query, without credentials and redacted. */
  path: string
  model?: string
  /** The upstream's status; undefined when it did not answer. */
  status?: number
  /** For a stream: how many events it had. */
  frames?: number
  durationMs: number
  /** The exchange's number in the recording, when it was recorded. */
  recorded?: number
  /** Why it was not recorded, or what to know about how it was. */
  note?: string
}

export interface RunningRecorder {
  /** e.g. `http://127.0.0.1:4010`: point clients here as they would point them at the upstream. */
  readonly url: string
  readonly port: number
  /** The upstream as shown: its origin and path, never a credential. */
  readonly upstream: string
  /** The session's recording file (written at the first exchange). */
  readonly file: string
  /** How many exchanges are in the file. */
  readonly recorded: number
  /** Stops accepting requests, waits for the answers still coming from the upstream to be recorded, and resolves once the file is written. */
  close(): Promise<void>
}

/**
 * Starts a recorder: a server on loopback that forwards every request to the upstream gateway,
 * relays its answer as it comes, and writes each exchange into one recording file per session
 * (src/recording/record-exchange.ts says what is kept). It is the gateway's own server adapter
 * serving one msw handler that forwards.
 */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const upstream: Upstream = { base: upstreamUrl(options.upstream), ...(options.upstreamKey !== undefined && { key: options.upstreamKey }) }
  const shownUpstream = upstream.base.href.replace(/\/+$/, '')
  const file = new RecordingFile(options.out ?? 'recordings', { upstream: shownUpstream, recordedAt: new Date() })
  const agents = upstreamAgents()
  const patterns = options.redact ?? []
  const pending = new Set<Promise<void>>()
  let count = 0

  const answer = async (request: Request): Promise<Response> => {
    const id = ++count
    const time = new Date().toISOString()
    const started = performance.now()
    const body = new Uint8Array(await request.arrayBuffer())
    const outgoing = upstreamRequest(request, upstream)
    const redaction: Redaction = { patterns, secrets: outgoing.secrets }
    const url = new URL(request.url)
    const target = url.pathname + url.search
    const shownPath = redactText(withoutKey(target), redaction)
    let forwarded
    try {
      forwarded = await forwardToUpstream(outgoing, request.method, body, agents)
    } catch (error) {
      const detail = redactText((error as NodeJS.ErrnoException).code ?? String(error), redaction)
      options.onExchange?.({
        method: request.method,
        path: shownPath,
        durationMs: performance.now() - started,
        note: `not recorded: the upstream did not answer (${detail})`,
      })
      return toResponse(
        renderFailure(specProfile, gatewayError('upstream_unreachable', { upstream: shownUpstream, detail }), url.pathname),
        request.signal,
      )
    }
    const identified = identifyRoute(request)
    const recording = forwarded.answer
      .then(async (answered: UpstreamAnswer) => {
        const facts = {
          method: request.method,
          path: shownPath,
          status: answered.status,
          durationMs: answered.durationMs,
          ...(answered.frames && { frames: answered.frames.length }),
        }
        if (identified.surface === 'admin') {
          options.onExchange?.({ ...facts, note: "not recorded: the upstream mock's own admin route" })
          return
        }
        if (answered.tooLarge) {
          options.onExchange?.({ ...facts, note: 'not recorded: larger than a recording keeps (64 MiB)' })
          return
        }
        const outcome = recordExchange(
          { id, time, method: request.method, target, ...identified, requestBody: new TextDecoder().decode(body), ...answered },
          redaction,
        )
        if ('skipped' in outcome) {
          options.onExchange?.({ ...facts, note: `not recorded: ${outcome.skipped}` })
          return
        }
        await file.add(outcome.exchange)
        const failed = file.failure
        options.onExchange?.({
          ...facts,
          path: outcome.exchange.path,
          ...(outcome.exchange.model !== undefined && { model: outcome.exchange.model }),
          ...(failed
            ? { note: `not recorded: cannot write ${file.path} (${failed.message})` }
            : { recorded: id, ...(outcome.note && { note: outcome.note }) }),
        })
      })
      .catch((error: unknown) => {
        // A bug, not the upstream's doing: say so, and keep recording the rest.
        console.error('[llm-gateway-mock] failed to record an exchange:', error)
        options.onExchange?.({
          method: request.method,
          path: shownPath,
          durationMs: performance.now() - started,
          note: 'not recorded: an internal error (on stderr)',
        })
      })
    pending.add(recording)
    void recording.finally(() => pending.delete(recording))
    return forwarded.response
  }

  const handler = new GatewayHandler({ method: '*', path: '/*' }, () => ({}), answer)
  const seam: AdapterSeam = {
    routes: [{ method: '*', prefix: null, handler }],
    failure: (error, path) => renderFailure(specProfile, error, path),
    // WebSockets are not recorded: a handshake gets the 404 of a path no route serves.
    upgrade: () => undefined,
    maxMessageBytes: defaultMaxBodyBytes,
    // The recorder has no admin routes, so no inspector page to read.
    usePageFiles: () => undefined,
  }
  const server = await startServer({ [kAdapterSeam]: seam }, { port: options.port ?? 4010, host: '127.0.0.1' })
  return {
    url: server.url,
    port: server.port,
    upstream: shownUpstream,
    file: file.path,
    get recorded() {
      return file.size
    },
    async close() {
      await server.close()
      while (pending.size > 0) await Promise.allSettled([...pending])
      agents.destroy()
      await file.flushed()
    },
  }
}

/** The upstream's base URL, refused when it is not http(s) or carries credentials (they would show in logs and files). */
function upstreamUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TypeError(`the upstream must be a URL such as https://gateway.example.com, got ${JSON.stringify(text)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`the upstream must be an http or https URL, got ${url.protocol}`)
  if (url.username || url.password)
    throw new TypeError('the upstream URL must not carry credentials: give the key with --upstream-key (or let clients send theirs)')
  if (url.search || url.hash) throw new TypeError('the upstream URL must not have a query or fragment: give its origin and base path')
  return url
}
