import type { AccessTokenDescription, KeyDescription, SignInDescription } from '../../world/describe-keys.ts'
import { style } from './style.ts'

const stateStyle = { enabled: style.green, disabled: style.red, expired: style.red, exhausted: style.yellow }

/** The keys, access tokens and sign-ins as human-readable lines. */
export function formatKeys(keys: KeyDescription[], accessTokens: AccessTokenDescription[], signIns: SignInDescription[] = []): string {
  const width = Math.max(...keys.map((key) => key.key.length), 8)
  const lines = [style.bold('API keys')]
  for (const key of keys) {
    const quota = key.quota === 'unlimited' ? 'unlimited quota' : `${key.quota} units`
    const group = key.group === 'auto' ? `auto → ${key.groups.join(', ') || 'none'}` : key.group
    lines.push(
      `  ${style.cyan(key.key.padEnd(width))}  ${stateStyle[key.state](key.state.padEnd(9))} ${key.name} (${key.owner}, group ${group}, ${quota})`,
    )
    lines.push(`  ${' '.repeat(width)}  ${style.dim(`models: ${key.models.join(', ') || 'none'}`)}`)
    for (const note of key.notes) lines.push(`  ${' '.repeat(width)}  ${style.dim(note)}`)
  }
  lines.push('', style.bold('Dashboard access tokens (/api/*)'))
  for (const token of accessTokens) {
    lines.push(
      `  ${style.cyan(token.token.padEnd(width))}  user ${token.username} (id ${token.userId}, group ${token.group}, ${token.quota} units)`,
    )
  }
  if (signIns.length > 0) lines.push('', style.bold('Sign-ins (POST /api/user/login)'), ...formatSignIns(signIns))
  return lines.join('\n')
}

/** One line per user: the password (as written where known), the role, the access token or how to get one. */
function formatSignIns(signIns: SignInDescription[]): string[] {
  const width = Math.max(...signIns.map((signIn) => signIn.username.length))
  const passwordWidth = Math.max(...signIns.map((signIn) => signIn.password?.length ?? 0), 12)
  return signIns.map((signIn) => {
    const password = signIn.password ?? (signIn.hasPassword ? 'set' : 'none')
    const state = signIn.status === 'disabled' ? `, ${style.red('disabled')}` : ''
    const token = signIn.accessToken
      ? `access token ${style.cyan(signIn.accessToken)}`
      : style.dim('no access token: sign in, then GET /api/user/token')
    const detail = signIn.hasPassword
      ? `${signIn.role}${state}; ${token}`
      : `${signIn.role}${state}; ${style.dim('cannot sign in (no password)')}`
    return `  ${style.cyan(signIn.username.padEnd(width))}  password ${style.cyan(password.padEnd(passwordWidth))}  ${detail}`
  })
}
