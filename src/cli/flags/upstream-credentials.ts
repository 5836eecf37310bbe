// Where `record` and `import` read the upstream's credentials instead of the command line, which
// `ps` shows to everyone on the machine.

import { maskKey } from '../../auth/mask-key.ts'

/** The upstream's API key: `record --upstream-key`, `import --key` (several separated by commas). */
export const upstreamKeyVariable = 'LLM_GATEWAY_MOCK_UPSTREAM_KEY'

/** A user's dashboard access token: `import --access-token`. */
export const accessTokenVariable = 'LLM_GATEWAY_MOCK_ACCESS_TOKEN'

/** The keys a value of `LLM_GATEWAY_MOCK_UPSTREAM_KEY` holds: separated by commas or white space, as `import` reads it. */
export function upstreamKeysIn(text: string): string[] {
  return text.split(/[\s,]+/).filter((key) => key !== '')
}

/**
 * `record`'s upstream key: the one key that `--upstream-key`, else the variable, holds. The
 * variable means the same to both commands, but `record` forwards with a single key, so a list
 * (as `import` takes) is refused, naming the difference, rather than sent upstream as one key
 * that the upstream would refuse request after request.
 */
/** Where the upstream key comes from, as the user gave it: the flag, else the variable. */
export function upstreamKeySource(flag: string | undefined): string {
  return flag === undefined ? upstreamKeyVariable : '--upstream-key'
}

export function recordUpstreamKey(flag: string | undefined): string | undefined {
  const source = upstreamKeySource(flag)
  const text = flag ?? process.env[upstreamKeyVariable]
  const keys = upstreamKeysIn(text ?? '')
  if (keys.length <= 1) return keys[0]
  throw new TypeError(
    `${source} holds ${keys.length} keys (${keys.map(maskKey).join(', ')}): record forwards every request with one key, while import reads several from ${upstreamKeyVariable}. Give record the one key to record with (${upstreamKeyVariable}=sk-… or --upstream-key), or leave it unset to forward each client's own key`,
  )
}
