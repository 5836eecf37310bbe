import type { Gateway } from '../gateway/create-gateway.ts'
import { describeKeys } from '../world/describe-keys.ts'
import { version } from '../version.ts'
import { formatKeys } from './format-keys.ts'
import { style } from './style.ts'

const routes = [
  'POST /v1/chat/completions            OpenAI chat (stream: true for SSE)',
  'POST /v1/messages                    Anthropic messages (x-api-key or Bearer; stream: true)',
  'POST /v1/messages/count_tokens       Anthropic token count',
  'POST /v1beta/models/{model}:{action} Gemini generateContent, streamGenerateContent, countTokens',
  'POST /v1/models/{model}:{action}     the same on the relay path',
  'GET  /v1/models                      OpenAI list (Anthropic list with anthropic-version)',
  'GET  /v1/models/{model}              one model (HTTP 200 with an error body when missing)',
  'GET  /v1beta/models                  Gemini-native list (pageSize, pageToken)',
  'GET  /v1beta/models/{model}          one Gemini-native model',
  'GET  /v1beta/openai/models           OpenAI list under /v1beta',
  'GET  /v1/dashboard/billing/subscription, /v1/dashboard/billing/usage',
  'GET  /api/status, /api/user/self, /api/user/billing/summary',
]

const adminRoutes = [
  'GET  /__mock/journal[?limit=N]       requests answered (DELETE clears)',
  'GET  /__mock/scenario                active scenarios and their report',
  'POST /__mock/scenario                {"scenarios": [name | scenario, …]}; [] clears',
  'GET  /__mock/scenario/pending        steps left, requests that matched none',
  'POST /__mock/scenario/assert         200 when done, else 409 with the report',
  'GET  /__mock/clock                   gateway time; POST {"advanceMs": N} moves it on',
  'GET  /__mock/world                   the live world',
  'POST /__mock/reset                   as started: world, real clock, --scenario list, empty journal',
]

export interface BannerOptions {
  /** Whether the server was started with an admin token (never printed). */
  adminToken?: boolean
}

/** What the server prints when it starts: where it listens, its routes, the active scenarios and its keys. */
export function formatBanner(url: string, gateway: Gateway, options: BannerOptions = {}): string {
  const { keys, accessTokens } = describeKeys(gateway.world, gateway.clock.now())
  const scenarios = gateway.scenario.names
  const adminAccess = options.adminToken
    ? 'every client, loopback too, must send the admin token: x-mock-admin-token header'
    : 'loopback clients only; with --admin-token or LLM_GATEWAY_MOCK_ADMIN_TOKEN, any client that sends the token'
  return [
    `${style.bold(`llm-gateway-mock ${version}`)} listening on ${style.cyan(url)}`,
    '',
    style.bold('Routes'),
    ...routes.map((route) => `  ${route}`),
    '',
    `${style.bold('Admin routes')} ${style.dim(`(${adminAccess})`)}`,
    ...adminRoutes.map((route) => `  ${route}`),
    '',
    `${style.bold('Scenarios')} ${scenarios.length > 0 ? scenarios.map((name) => style.cyan(name)).join(', ') : style.dim('none (--scenario NAME|FILE, or POST /__mock/scenario)')}`,
    '',
    formatKeys(keys, accessTokens),
    '',
    style.dim('Point clients at it: OpenAI baseURL ' + url + '/v1, Anthropic baseURL ' + url + ', Gemini baseUrl ' + url),
    style.dim('Ctrl-C or SIGTERM stops the server, and so does the exit of the process that started it (unless --no-exit-with-parent).'),
    '',
  ].join('\n')
}
