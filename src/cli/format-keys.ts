import type { AccessTokenDescription, KeyDescription } from '../world/describe-keys.ts'
import { style } from './style.ts'

const stateStyle = { enabled: style.green, disabled: style.red, expired: style.red, exhausted: style.yellow }

/** The keys and access tokens as human-readable lines. */
export function formatKeys(keys: KeyDescription[], accessTokens: AccessTokenDescription[]): string {
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
  return lines.join('\n')
}
