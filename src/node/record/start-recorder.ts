import tls from 'node:tls'
import { gatewayError } from '../../errors/gateway-error.ts'
import { kAdapterSeam, type AdapterSeam } from '../../gateway/adapter-seam.ts'
import { GatewayHandler } from '../../gateway/gateway-handler.ts'
import { toResponse } from '../../http/rendered-response.ts'
import { renderFailure } from '../../pipeline/render-failure.ts'
import { defaultMaxBodyBytes } from '../../pipeline/body/read-json-body.ts'
import { specProfile } from '../../profiles/spec-profile.ts'
import { identifyRoute } from '../../recording/identify-route.ts'
import { recordExchange, withoutKey } from '../../recording/record-exchange.ts'
import { readRecordedRequest } from '../../recording/recorded-request.ts'
import { managementRequestSecrets } from '../../recording/management-secrets.ts'
import { redactText, type Redaction } from '../../recording/redact.ts'
import { startServer } from '../create-server.ts'
import type { HandshakeHandler } from '../handshake-handler.ts'
import { upstreamBase, upstreamUrl } from '../upstream-url.ts'
import { maxRecordedBytes } from './answer-capture.ts'
import { drainable } from './drain-server.ts'
import { forwardToUpstream, upstreamAgents, type UpstreamAnswer } from './forward-to-upstream.ts'
import { RecordingFile } from './recording-file.ts'
import { tunnelUpgrades } from './tunnel-upgrade.ts'
import { upstreamFailure } from './upstream-failure.ts'
import { upstreamRequest, type Upstream } from './upstream-request.ts'

export interface RecorderOptions {
  /** The upstream gateway's base URL, e.g. `https://gateway.example.com` (no credentials in it). */
  upstream: string
  /** The directory the session's recording file goes into (made, owner-only, if missing; checked at start). Default `./recordings`. */
  out?: string
  /** 0 picks any free port. Default 4010. The recorder listens on 127.0.0.1 only. */
  port?: number
  /** Sent to the upstream in place of the client's API key, wherever the client put it. */
  upstreamKey?: string
  /**
   * A CA certificate (PEM) to trust for an https upstream, besides Node's usual ones (and those of
   * `NODE_EXTRA_CA_CERTS`): a gateway with a certificate of its own, such as `serve --tls`'s.
   */
  upstreamCa?: string
  /** Matches are replaced by `[redacted]` in everything recorded (request and reply content). */
  redact?: readonly RegExp[]
  /** Told of each exchange once the upstream has ended its answer: recorded, or why not. Never given a credential. */
  onExchange?: (exchange: RecorderExchange) => void
}

/** One exchange as the recorder reports it (what its log line shows). */
export interface RecorderExchange {
  /** When the request came (ISO time). */
  time: string
  method: string
  /** The path and query, without credentials and redacted. */
  path: string
  model?: string
  /** The upstream's status; undefined when it did not answer. */
  status?: number
  /** For a stream: how many events it had. */
  frames?: number
  durationMs: number
  /** The exchange's number in the recording, once the file holds it. */
  recorded?: number
  /** Why it was not recorded (or not yet written), or what to know about how it was. */
  note?: string
}

export interface RunningRecorder {
  /** e.g. `http://127.0.0.1:4010`: point clients here as they would point them at the upstream. */
  readonly url: string
  readonly port: number
  /** The upstream as shown: its origin and path, never a credential. */
  readonly upstream: string
  /** The session's recording file, claimed at start (removed at close if nothing was recorded). */
  readonly file: string
  /** How many exchanges the file holds. */
  readonly recorded: number
  /**
   * What the session showed of the upstream, for the replay it needs (the closing hint names
   * them): whether it is new-api (it answers with `X-New-Api-Version`), and the models of the
   * exchanges recorded, in the order first recorded.
   */
  readonly seen: { readonly newApi: boolean; readonly models: readonly string[] }
  /**
   * Stops accepting requests, lets the answers being relayed finish and waits for those still
   * coming from the upstream to be recorded, then writes the file a last time. `{ force: true }`
   * (also while an earlier close waits) cuts every connection instead and records what has come.
   * Rejects when the file could not be written with every exchange.
   */
  close(options?: { force?: boolean }): Promise<void>
}

/**
 * Starts a recorder: a server on loopback that forwards every request to the upstream gateway,
 * relays its answer as it comes, and writes each exchange into one recording file per session
 * (src/recording/record-exchange.ts says what is kept). It is the gateway's own server adapter
 * serving one msw handler that forwards; WebSocket handshakes are tunnelled to the upstream, not
 * recorded. Throws a `TypeError` for an upstream URL it cannot use and a `RecordingDirectoryError`
 * when the directory cannot be made or written.
 */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const upstream: Upstream = { base: upstreamUrl(options.upstream), ...(options.upstreamKey !== undefined && { key: options.upstreamKey }) }
  const shownUpstream = upstreamBase(upstream.base)
  const file = await RecordingFile.open(options.out ?? 'recordings', { upstream: shownUpstream, recordedAt: new Date() })
  const ca = options.upstreamCa === undefined ? undefined : [...defaultCertificates(), options.upstreamCa]
  const agents = upstreamAgents(ca)
  const patterns = options.redact ?? []
  const pending = new Set<Promise<void>>()
  const seen = { newApi: false, models: new Set<string>() }
  const tell = (exchange: RecorderExchange) => options.onExchange?.(exchange)
  const unreachable = (detail: string, path: string) =>
    renderFailure(specProfile, gatewayError('upstream_unreachable', { upstream: shownUpstream, detail }), path)
  let count = 0

  const answer = async (request: Request): Promise<Response> => {
    const id = ++count
    const time = new Date().toISOString()
    const started = performance.now()
    const body = new Uint8Array(await request.arrayBuffer())
    const identified = identifyRoute(request)
    const outgoing = upstreamRequest(request, upstream, identified.route)
    const url = new URL(request.url)
    const redaction: Redaction = { patterns, secrets: [...outgoing.secrets, ...managementRequestSecrets(url.pathname, body)] }
    const target = url.pathname + url.search
    const said = { time, method: request.method, path: redactText(withoutKey(target), redaction) }
    let forwarded
    try {
      forwarded = await forwardToUpstream(outgoing, request.method, body, agents)
    } catch (error) {
      const detail = redactText(error instanceof Error ? upstreamFailure(error) : String(error), redaction)
      tell({ ...said, durationMs: performance.now() - started, note: `not recorded: the upstream did not answer (${detail})` })
      return toResponse(unreachable(detail, url.pathname), request.signal)
    }
    const reading = readRecordedRequest(identified, body, request.headers.get('content-type'))
    const recording = forwarded.answer
      .then(async (answered: UpstreamAnswer) => {
        const facts = {
          ...said,
          status: answered.status,
          durationMs: answered.durationMs,
          ...(answered.frames && { frames: answered.frames.length }),
        }
        if (answered.headers.some(([name]) => name.toLowerCase() === 'x-new-api-version')) seen.newApi = true
        if (identified.surface === 'admin') return tell({ ...facts, note: "not recorded: the upstream mock's own admin route" })
        const { tooLarge, clientLeft, ...captured } = answered
        const outcome = recordExchange(
          {
            id,
            time,
            method: request.method,
            target,
            ...identified,
            request: await reading,
            ...captured,
            ...(tooLarge && { tooLarge: `larger than a recording keeps (${maxRecordedBytes / 2 ** 20} MiB)` }),
          },
          redaction,
        )
        const model = outcome.model === undefined ? {} : { model: outcome.model }
        const left = clientLeft ? `the client left before the end of the ${answered.frames ? 'stream' : 'answer'}` : undefined
        if ('skipped' in outcome)
          return tell({ ...facts, ...model, note: `not recorded: ${[outcome.skipped, left].filter(Boolean).join('; ')}` })
        if (outcome.model !== undefined) seen.models.add(outcome.model)
        const failure = await file.add(outcome.exchange)
        const note = [left && `${left}; recorded whole as the upstream sent it`, outcome.note].filter(Boolean).join('; ')
        tell({
          ...facts,
          ...model,
          path: outcome.exchange.path,
          ...(failure
            ? { note: `not written yet: cannot write ${file.path} (${failure.message}); the next write tries again` }
            : { recorded: id, ...(note && { note }) }),
        })
      })
      .catch((error: unknown) => {
        // A bug, not the upstream's doing: say so, and keep recording the rest.
        console.error('[llm-gateway-mock] failed to record an exchange:', error)
        tell({ ...said, durationMs: performance.now() - started, note: 'not recorded: an internal error (on stderr)' })
      })
    pending.add(recording)
    void recording.finally(() => pending.delete(recording))
    return forwarded.response
  }

  const handler = new GatewayHandler({ method: '*', path: '/*' }, () => ({}), answer)
  const seam: AdapterSeam = {
    routes: [{ method: '*', prefix: null, handler }],
    failure: (error, path) => renderFailure(specProfile, error, path),
    // Never asked: the recorder's handshakes go to its tunnel (below).
    upgrade: () => undefined,
    maxMessageBytes: defaultMaxBodyBytes,
    // The recorder has no admin routes, so no inspector page to read.
    usePageFiles: () => undefined,
  }
  let tunnels: HandshakeHandler | undefined
  // The gateway's own socket routes are not the recorder's: its handshakes go to the upstream.
  const tunnel = (origin: () => string) =>
    (tunnels = tunnelUpgrades(upstream, origin, ca, {
      told: (tunnelled) => tell({ time: new Date(Date.now() - tunnelled.durationMs).toISOString(), ...tunnelled }),
      unreachable,
    }))
  const server = await startServer({ [kAdapterSeam]: seam }, { port: options.port ?? 4010, host: '127.0.0.1' }, tunnel)
  const connections = drainable(server.server)
  let closing: Promise<void> | undefined
  const cut = () => {
    connections.cut()
    tunnels?.closeAll()
    // Stops the reading of answers still coming: what came is recorded, or said to be cut short.
    agents.destroy()
  }
  return {
    url: server.url,
    port: server.port,
    upstream: shownUpstream,
    file: file.path,
    get recorded() {
      return file.recorded
    },
    get seen() {
      return { newApi: seen.newApi, models: [...seen.models] }
    },
    close(closeOptions = {}) {
      if (closeOptions.force) cut()
      closing ??= (async () => {
        tunnels?.closeAll()
        await connections.drain()
        while (pending.size > 0) await Promise.allSettled([...pending])
        agents.destroy()
        await file.close()
      })()
      return closing
    },
  }
}

/** The CA certificates Node's TLS clients trust by default (its own, and NODE_EXTRA_CA_CERTS' where Node can say). */
function defaultCertificates(): readonly string[] {
  // tls.getCACertificates came in Node 22.15; before it, Node's bundled ones.
  return typeof tls.getCACertificates === 'function' ? tls.getCACertificates('default') : tls.rootCertificates
}
