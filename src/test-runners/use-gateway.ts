import { createHash } from 'node:crypto'
import { basename, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Gateway, GatewayOptions } from '../gateway/create-gateway.ts'
import { createGateway } from '../node/create-gateway.ts'
import { startServer, type RunningServer, type TlsOptions } from '../node/server/create-server.ts'
import { writeInspectorSnapshot } from '../node/files/write-inspector-snapshot.ts'
import { slugOf } from '../text/slug.ts'
import { addEnvLayer, type EnvLayer } from './env-layers.ts'
import type { RunnerHooks, TestIdentity } from './runner-hooks.ts'
import { sdkEnvironment } from './sdk-environment.ts'
import { holdInterception } from './shared-interception.ts'
import { trustCertificate } from './trust-certificate.ts'
import { assertScriptsDone } from './unfinished-script.ts'

/** `useGateway`'s options: `createGateway`'s, and how the tests reach the gateway. */
export interface UseGatewayOptions extends GatewayOptions {
  /**
   * Serve the gateway over HTTP on a free port of 127.0.0.1, rather than answering through msw's
   * interception in the test process: for a client in another process (a server under test, a
   * CLI) or one that msw cannot reach. Its URL is known from `beforeAll` on.
   *
   * `{ tls: true }` serves HTTPS and WSS (for clients that dial only `https://` or `wss://`, such
   * as the OpenAI SDK's Realtime classes) with the local certificate `startServer({ tls: true })`
   * uses, and makes this process's TLS clients (fetch and the SDKs, the global `WebSocket`, `ws`)
   * trust its CA until `afterAll` (Node 22.19 and later; before, give them `fixture().ca`); with
   * `env`, processes the tests start get `NODE_EXTRA_CA_CERTS` unless it is set already.
   * `{ tls: { cert, key, ca } }` serves your own certificate, and trusts `ca` if given.
   */
  server?: boolean | { tls?: true | TlsOptions }
  /**
   * Point the official SDKs at the gateway through the variables they read when built without
   * options, for the file (or the `describe`), and restore them after: `OPENAI_BASE_URL`
   * (`<url>/v1`), `ANTHROPIC_BASE_URL` and `GOOGLE_GEMINI_BASE_URL` (`<url>`), and
   * `OPENAI_API_KEY`, `ANTHROPIC_API_KEY` and `GEMINI_API_KEY` set to `apiKey` (default
   * `sk-unrestricted`, the default world's key for every model); `GOOGLE_API_KEY`,
   * `ANTHROPIC_AUTH_TOKEN` and `GOOGLE_GENAI_USE_VERTEXAI` are unset meanwhile, since they would
   * win. In-process they are set when `useGateway()` is called; with `server` in `beforeAll`.
   */
  env?: boolean | { apiKey?: string }
  /**
   * Where a test that left a strict scenario or replay unfinished gets a snapshot of the inspector:
   * one HTML file, named after the test, that shows every request of the test with what decided
   * its answer, the requests that matched nothing and what differs, and the keys and quotas, opened
   * in a browser after the run (the gateway is gone by then). Relative to the working directory;
   * default `test-results/llm-gateway-mock`; `false` writes none.
   */
  inspectorSnapshots?: string | false
}

/** What a test gets from `useGateway()`'s function. */
export interface GatewayFixture {
  /** The gateway: its world, clock, journal and scenarios, put back before each test. */
  readonly gateway: Gateway
  /**
   * Where clients send requests: the server's URL with `server`, else `baseUrl`, else
   * `http://llm-gateway-mock.test` (in-process, the gateway answers on that origin only).
   */
  readonly url: string
  /** With `server: { tls }`: the CA certificate (PEM) the server's certificate is signed by, for a client to trust. */
  readonly ca?: string
  /** With `server: { tls: true }`: the file that holds `ca`, for `NODE_EXTRA_CA_CERTS` in a process the tests start. */
  readonly caFile?: string
}

/** The origin an in-process gateway is said to live at when no `baseUrl` is given: a name no DNS answers. */
const inProcessOrigin = 'http://llm-gateway-mock.test'

/**
 * The runner-neutral fixture: registers the four hooks and returns the function the tests call.
 * `beforeAll` creates the gateway (and the server); `beforeEach` resets it; `afterEach` fails the
 * test that left a strict script unfinished; `afterAll` stops serving and restores the environment.
 */
export function bindGateway(hooks: RunnerHooks, options: UseGatewayOptions = {}): () => GatewayFixture {
  const { server: serverOption = false, env = false, inspectorSnapshots = 'test-results/llm-gateway-mock', ...gatewayOptions } = options
  const overHttp = serverOption !== false
  const tls = typeof serverOption === 'object' ? serverOption.tls : undefined
  if (overHttp && gatewayOptions.baseUrl !== undefined) {
    throw new TypeError(`useGateway: baseUrl is for in-process use; with server: true the URL is the server's (fixture().url)`)
  }
  const apiKey = (typeof env === 'object' ? env.apiKey : undefined) ?? 'sk-unrestricted'
  const interception = overHttp ? undefined : holdInterception()
  const knownUrl = overHttp ? undefined : (gatewayOptions.baseUrl?.replace(/\/+$/, '') ?? inProcessOrigin)
  let envLayer: EnvLayer | undefined = env && knownUrl !== undefined ? addEnvLayer(sdkEnvironment(knownUrl, apiKey)) : undefined
  let fixture: GatewayFixture | undefined
  let running: RunningServer | undefined
  let distrust: (() => void) | undefined

  hooks.beforeAll(async () => {
    // In-process on an origin of its own: a gateway answering its paths on any origin would also
    // take the requests meant for the app's own servers on localhost, or for another gateway's.
    const gateway = await createGateway(knownUrl === undefined ? gatewayOptions : { ...gatewayOptions, baseUrl: knownUrl })
    let url = knownUrl
    if (url === undefined) {
      running = await startServer(gateway, { port: 0, ...(tls && { tls }) })
      url = running.url
    }
    interception?.serve(gateway)
    const ca = running?.ca
    const caFile = running?.caFile
    if (ca !== undefined) distrust = trustCertificate(ca)
    if (env) {
      const children = caFile !== undefined && !process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: caFile } : {}
      ;(envLayer ??= addEnvLayer({})).activate({ ...sdkEnvironment(url, apiKey), ...children })
    }
    fixture = { gateway, url, ...(ca !== undefined && { ca }), ...(caFile !== undefined && { caFile }) }
  })
  hooks.beforeEach(() => fixture?.gateway.reset())
  hooks.afterEach(async (test) => {
    if (fixture !== undefined) await failUnfinishedScripts(fixture, test, inspectorSnapshots)
  })
  hooks.afterAll(async () => {
    envLayer?.release()
    interception?.release()
    distrust?.()
    await running?.close()
  })

  return () => {
    if (fixture === undefined) {
      throw new Error(
        'useGateway(): the gateway is created in beforeAll; call the function useGateway() returned inside a test or a hook, not when the file loads',
      )
    }
    return fixture
  }
}

/** Fails the test that left a strict script unfinished, its message naming the inspector's snapshot of the gateway. */
async function failUnfinishedScripts(fixture: GatewayFixture, test: TestIdentity, inspectorSnapshots: string | false): Promise<void> {
  try {
    assertScriptsDone(fixture.gateway)
  } catch (error) {
    if (inspectorSnapshots !== false && error instanceof Error) {
      error.message += await snapshotLine(fixture.url, resolve(inspectorSnapshots, snapshotName(test)), error.message)
    }
    throw error
  }
}

/**
 * The line a failed test's message gains: where the inspector's snapshot is. Writing it must not
 * hide the failure it is for: if it cannot be written, the line says why instead.
 */
async function snapshotLine(url: string, file: string, reason: string): Promise<string> {
  try {
    await writeInspectorSnapshot(url, file, reason)
    return `\nWhat the gateway saw, and why (open it in a browser): ${pathToFileURL(file).href}`
  } catch (error) {
    return `\n(The inspector's snapshot could not be written to ${file}: ${error instanceof Error ? error.message : String(error)})`
  }
}

/**
 * A file name from the test's file and name: the same test's next failure replaces its snapshot.
 * Files of one name in different folders (`test/a/dup.test.ts`, `test/b/dup.test.ts`) must not
 * replace each other's, so the name ends with a short hash of the file's path (relative to the
 * working directory, so that it is the same on every machine).
 */
function snapshotName({ name, file }: TestIdentity): string {
  const words = [file === undefined ? undefined : basename(file).replace(/(\.(test|spec))?\.[cm]?[jt]sx?$/, ''), name ?? 'test']
    .filter(Boolean)
    .join(' ')
  const slug = slugOf(words, 'test', 120)
  if (file === undefined) return `${slug}.html`
  const path = relative(process.cwd(), resolve(file)).split(sep).join('/')
  return `${slug}-${createHash('sha256').update(path).digest('hex').slice(0, 8)}.html`
}
