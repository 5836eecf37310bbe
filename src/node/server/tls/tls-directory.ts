import { homedir } from 'node:os'
import { join } from 'node:path'

/** Where the local CA and certificate are kept instead of the per-user cache folder (tests, CI, a shared setup). */
export const tlsDirectoryVariable = 'LLM_GATEWAY_MOCK_TLS_DIR'

/**
 * The folder the local CA and certificate live in: `LLM_GATEWAY_MOCK_TLS_DIR`, else the per-user
 * cache folder (`$XDG_CACHE_HOME/llm-gateway-mock/tls`, `~/.cache/llm-gateway-mock/tls`; on
 * Windows `%LOCALAPPDATA%\llm-gateway-mock\tls`).
 */
export function tlsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const given = env[tlsDirectoryVariable]
  if (given) return given
  const cache =
    (process.platform === 'win32' ? env.LOCALAPPDATA : undefined) ||
    (env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : undefined) ||
    join(homedir(), '.cache')
  return join(cache, 'llm-gateway-mock', 'tls')
}
