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

/** What the server prints when it starts: where it listens, its routes and its keys. */
export function formatBanner(url: string, gateway: Gateway): string {
  const { keys, accessTokens } = describeKeys(gateway.world, gateway.clock.now())
  return [
    `${style.bold(`llm-gateway-mock ${version}`)} listening on ${style.cyan(url)}`,
    '',
    style.bold('Routes'),
    ...routes.map((route) => `  ${route}`),
    '',
    formatKeys(keys, accessTokens),
    '',
    style.dim('Point clients at it: OpenAI baseURL ' + url + '/v1, Anthropic baseURL ' + url + ', Gemini baseUrl ' + url),
    style.dim('Ctrl-C stops the server.'),
    '',
  ].join('\n')
}
