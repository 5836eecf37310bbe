// The agents run's global set-up: installs each client at its pinned version, once, into a folder
// of its own under node_modules/.cache (so `npm ci` starts it afresh), from the npm registry.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repo } from '../support/paths.ts'
import { clients } from './clients.ts'

export const clientsFolder = join(repo, 'node_modules', '.cache', 'llm-gateway-mock-agents')

/** Where a client's executable is, once installed. */
export function clientBin(bin: string): string {
  return join(clientsFolder, 'node_modules', '.bin', bin)
}

export default function installClients(): void {
  const wanted = [...new Set(clients.map((client) => `${client.package}@${client.version}`))].sort()
  const stamp = join(clientsFolder, 'installed.json')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(wanted)) return
  mkdirSync(clientsFolder, { recursive: true })
  writeFileSync(join(clientsFolder, 'package.json'), JSON.stringify({ name: 'llm-gateway-mock-agents', private: true }))
  console.log(`test:agents: installing ${wanted.join(', ')} into ${clientsFolder} (a minute or two, once)`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...wanted], {
    cwd: clientsFolder,
    stdio: 'inherit',
    timeout: 15 * 60_000,
  })
  writeFileSync(stamp, JSON.stringify(wanted))
}
