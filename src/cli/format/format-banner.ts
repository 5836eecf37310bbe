import type { Gateway } from '../../gateway/create-gateway.ts'
import { describeKeys } from '../../world/describe-keys.ts'
import { version } from '../../version.ts'
import { routeEntries } from '../../surfaces/route-entries.ts'
import { formatKeys } from './format-keys.ts'
import { formatRouteLines } from './format-route-lines.ts'
import { style } from './style.ts'

// Read from the routes' heads: printing the banner loads no route's module.
const adminRoutes = routeEntries.filter((route) => route.surface === 'admin')
const gatewayRoutes = routeEntries.filter((route) => route.surface !== 'admin')

export interface BannerOptions {
  /** Whether the server was started with an admin token (never printed). */
  adminToken?: boolean
  /** The `--world` file as given; none for the default world. */
  worldFile?: string
  /** Where each active scenario came from, in the order they apply: `built-in`, or the file as given. */
  scenarioSources?: readonly string[]
  /** Set when the server is bound to every interface: the address it is bound to, and URLs other machines can use. */
  allInterfaces?: { address: string; urls: readonly string[] }
  /** Set when the server replays recordings (`--replay`): how a miss is answered and how fast streams play. */
  replay?: { strict: boolean; speed: number }
  /** Set when the server speaks HTTPS: the local CA's file, none for the user's own certificate. */
  tls?: { caFile?: string }
  /** Users' passwords as written, by username, where known (known-passwords.ts): the sign-ins show them. */
  knownPasswords?: Readonly<Record<string, string>>
}

/** How a client trusts the server's certificate, and what a plain-HTTP client gets. */
function tlsLines(url: string, tls: { caFile?: string }): string[] {
  const sockets = url.replace(/^https:/, 'wss:')
  return [
    tls.caFile === undefined
      ? `${style.bold('TLS')} HTTPS and WSS with your certificate (--tls-cert); WebSockets at ${style.cyan(`${sockets}/v1/realtime`)}, ${style.cyan(`${sockets}/v1/responses`)}`
      : `${style.bold('TLS')} HTTPS and WSS with a certificate for localhost, 127.0.0.1 and ::1, signed by the local CA ${style.cyan(tls.caFile)}; WebSockets at ${style.cyan(`${sockets}/v1/realtime`)}, ${style.cyan(`${sockets}/v1/responses`)}`,
    ...(tls.caFile === undefined
      ? []
      : [
          `  Node trusts it when a client starts with ${style.cyan(`NODE_EXTRA_CA_CERTS=${tls.caFile}`)} ${style.dim('(the CA can vouch for these local names only)')}`,
        ]),
    style.dim('  a plain http:// or ws:// request gets 400 naming the https:// URL'),
  ]
}

/** What is replayed, how a request no recording matches is answered, and how fast streams play. */
function replayLine(gateway: Gateway, replay: { strict: boolean; speed: number }): string {
  const { unused, neverReplayed } = gateway.replay.pending()
  const exchanges = unused.length
  const files = gateway.replay.recordings
  const miss = replay.strict
    ? 'gets 400 replay_mismatch naming the nearest recordings'
    : 'gets the generated reply (--replay-strict: an error)'
  const pace = replay.speed === 0 ? 'without delays' : replay.speed === 1 ? 'at the recorded pace' : `at ${replay.speed}× the recorded pace`
  const readOnly = neverReplayed.slice(0, 3).map((exchange) => `"${exchange.recording}" #${exchange.id}`)
  return [
    `${style.bold('Replay')} ${exchanges} recorded ${exchanges === 1 ? 'exchange' : 'exchanges'} from ${files.length} ${files.length === 1 ? 'file' : 'files'} (${shownFiles(files)})`,
    style.dim(
      `  generations and embeddings a recording matches get its reply or error, streams ${pace}; a request no recording matches ${miss}; GET /__mock/replay reports`,
    ),
    ...(neverReplayed.length > 0
      ? [
          style.yellow(
            `  ${neverReplayed.length} recorded ${neverReplayed.length === 1 ? 'exchange' : 'exchanges'} of the routes that replay ${neverReplayed.length === 1 ? 'is' : 'are'} kept for reading only and never ${neverReplayed.length === 1 ? 'answers' : 'answer'} a request: ${readOnly.join(', ')}${neverReplayed.length > readOnly.length ? ` and ${neverReplayed.length - readOnly.length} more` : ''}`,
          ),
        ]
      : []),
  ].join('\n')
}

/** The first few files, and how many more. */
function shownFiles(files: readonly string[]): string {
  const shown = files.slice(0, 3).map((file) => style.cyan(file))
  return files.length > shown.length ? `${shown.join(', ')} and ${files.length - shown.length} more` : shown.join(', ')
}

/** What the server prints when it starts: where it listens, its routes, the active scenarios and its keys. */
export function formatBanner(url: string, gateway: Gateway, options: BannerOptions = {}): string {
  const { keys, accessTokens, signIns } = describeKeys(gateway.world, gateway.clock.now(), options.knownPasswords)
  const scenarios = gateway.scenario.names.map((name, i) => {
    const source = options.scenarioSources?.[i]
    return `${style.cyan(name)}${source === undefined ? '' : style.dim(` (${source})`)}`
  })
  const everywhere = options.allInterfaces
  const reach = everywhere && [
    `  ${style.dim(`bound to all interfaces (${everywhere.address});`)} ${
      everywhere.urls.length > 0
        ? `from other machines: ${everywhere.urls.map((other) => style.cyan(other)).join(', ')}`
        : 'no other address found'
    }`,
  ]
  const adminAccess = options.adminToken
    ? 'every client, loopback too, must send the admin token: x-mock-admin-token header'
    : 'loopback clients only; with --admin-token or LLM_GATEWAY_MOCK_ADMIN_TOKEN, any client that sends the token'
  const inspector = `${url}/__mock/`
  return [
    `${style.bold(`llm-gateway-mock ${version}`)} listening on ${style.cyan(url)}`,
    ...(reach ?? []),
    ...(options.tls ? tlsLines(url, options.tls) : []),
    `${style.bold('Inspector')} ${style.cyan(inspector)} ${style.dim(
      options.adminToken
        ? '(open it once as …/__mock/?token=<admin token>: every request live, why it was answered so, keys, quotas, scenarios)'
        : '(every request live, why it was answered so, keys, quotas, scenarios)',
    )}`,
    '',
    `${style.bold('World')} ${options.worldFile === undefined ? `the default world ${style.dim('(--world FILE to serve another)')}` : style.cyan(options.worldFile)}`,
    ...(gateway.world.settings.anyModel
      ? [
          `  ${style.dim('a model name the world lacks is served as')} ${style.cyan(gateway.world.settings.anyModel)} ${style.dim("(--any-model or settings.anyModel; model lists show the world's only)")}`,
        ]
      : []),
    `${style.bold('Profile')} ${style.cyan(gateway.profile.name)} ${style.dim(`(${gateway.profile.description} --profile spec|new-api)`)}`,
    '',
    style.bold('Routes'),
    ...formatRouteLines(gatewayRoutes, gateway.profile).map((line) => `  ${line}`),
    '',
    `${style.bold('Admin routes')} ${style.dim(`(${adminAccess})`)}`,
    ...formatRouteLines(adminRoutes, gateway.profile).map((line) => `  ${line}`),
    '',
    `${style.bold('Scenarios')} ${scenarios.length > 0 ? scenarios.join(', ') : style.dim('none (--scenario NAME|FILE, or POST /__mock/scenario)')}`,
    ...(options.replay ? ['', replayLine(gateway, options.replay)] : []),
    '',
    formatKeys(keys, accessTokens, signIns),
    '',
    // Each client appends a different part of the path itself: the Anthropic SDK /v1, the AI SDK providers nothing.
    style.dim(
      `Point clients at it: the OpenAI SDK and @ai-sdk/openai baseURL ${url}/v1; the Anthropic SDK baseURL ${url}, @ai-sdk/anthropic ${url}/v1; ` +
        `@google/genai httpOptions { baseUrl: '${url}', apiVersion: 'v1beta' }, @ai-sdk/google ${url}/v1beta`,
    ),
    style.dim('Ctrl-C or SIGTERM stops the server, and so does the exit of the process that started it (unless --no-exit-with-parent).'),
    '',
  ].join('\n')
}
