import type { Gateway } from '../gateway/create-gateway.ts'
import { describeKeys } from '../world/describe-keys.ts'
import { version } from '../version.ts'
import { adminRoutes } from '../surfaces/admin/admin-routes.ts'
import { routes } from '../surfaces/routes.ts'
import { formatKeys } from './format-keys.ts'
import { formatRouteLines } from './format-route-lines.ts'
import { style } from './style.ts'

const gatewayRoutes = routes.filter((route) => !adminRoutes.includes(route))

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
    `${style.bold('Profile')} ${style.cyan(gateway.profile.name)} ${style.dim(`(${gateway.profile.description} --profile spec|new-api)`)}`,
    '',
    style.bold('Routes'),
    ...formatRouteLines(gatewayRoutes, gateway.profile).map((line) => `  ${line}`),
    '',
    `${style.bold('Admin routes')} ${style.dim(`(${adminAccess})`)}`,
    ...formatRouteLines(adminRoutes, gateway.profile).map((line) => `  ${line}`),
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
