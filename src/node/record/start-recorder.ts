import tls from 'node:tls'
import { gatewayError } from '../../errors/gateway-error.ts'
import { kAdapterSeam, type AdapterSeam } from '../../gateway/adapter-seam.ts'
import { GatewayHandler } from '../../gateway/gateway-handler.ts'
import { renderFailure } from '../../pipeline/render-failure.ts'
import { defaultMaxBodyBytes } from '../../pipeline/body/read-json-body.ts'
import { specProfile } from '../../profiles/spec-profile.ts'
import { startServer } from '../server/create-server.ts'
import type { HandshakeHandler } from '../server/handshake-handler.ts'
import { upstreamBase, upstreamUrl } from '../upstream/upstream-url.ts'
import { drainable } from './drain-server.ts'
import { upstreamAgents } from './forward-to-upstream.ts'
import type { RecorderExchange } from './recorder-exchange.ts'
import type { RecorderSession } from './recorder-session.ts'
import { RecordingFile } from './recording-file.ts'
import { relayExchanges } from './relay-exchange.ts'
import { tunnelUpgrades } from './tunnel-upgrade.ts'
import type { Upstream } from './upstream-request.ts'

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

export type { RecorderExchange }

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
  const session: RecorderSession = {
    upstream,
    agents: upstreamAgents(ca),
    patterns: options.redact ?? [],
    file,
    seen: { newApi: false, models: new Set<string>() },
    pending: new Set<Promise<void>>(),
    tell: (exchange) => options.onExchange?.(exchange),
    unreachable: (detail, path) =>
      renderFailure(specProfile, gatewayError('upstream_unreachable', { upstream: shownUpstream, detail }), path),
  }
  let tunnels: HandshakeHandler | undefined
  // The gateway's own socket routes are not the recorder's: its handshakes go to the upstream.
  const tunnel = (origin: () => string) =>
    (tunnels = tunnelUpgrades(upstream, origin, ca, {
      told: (tunnelled) => session.tell({ time: new Date(Date.now() - tunnelled.durationMs).toISOString(), ...tunnelled }),
      unreachable: session.unreachable,
    }))
  const seam = recorderSeam(relayExchanges(session))
  const server = await startServer({ [kAdapterSeam]: seam }, { port: options.port ?? 4010, host: '127.0.0.1' }, tunnel)
  const connections = drainable(server.server)
  let closing: Promise<void> | undefined
  const { seen, pending, agents } = session
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
      if (closeOptions.force) {
        connections.cut()
        tunnels?.closeAll()
        // Stops the reading of answers still coming: what came is recorded, or said to be cut short.
        agents.destroy()
      }
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

/** The gateway's server adapter serving the recorder: one msw handler that relays every request. */
function recorderSeam(relay: (request: Request) => Promise<Response>): AdapterSeam {
  const relayOnly = [new GatewayHandler({ method: '*', path: '/*' }, () => ({}), relay)]
  return {
    candidates: () => relayOnly,
    failure: (error, path) => renderFailure(specProfile, error, path),
    // Never asked: the recorder's handshakes go to its tunnel (startServer's `handshakes`).
    upgrade: () => undefined,
    maxMessageBytes: defaultMaxBodyBytes,
    // The recorder has no admin routes, so no inspector page to read.
    usePageFiles: () => undefined,
  }
}

/** The CA certificates Node's TLS clients trust by default (its own, and NODE_EXTRA_CA_CERTS' where Node can say). */
function defaultCertificates(): readonly string[] {
  // tls.getCACertificates came in Node 22.15; before it, Node's bundled ones.
  return typeof tls.getCACertificates === 'function' ? tls.getCACertificates('default') : tls.rootCertificates
}
