// Part of npm run bench: @copilotkit/aimock, the nearest other mock, measured beside the gateway
// when it is installed (it is no dependency of ours):
//   npm install --no-save @copilotkit/aimock@1.43.0
// or BENCH_AIMOCK=<a folder whose node_modules holds it>. Run as its CLI runs (`llmock --port N
// --fixtures DIR`, its default log level), with one fixture that answers the benchmark's chat
// request with the gateway's own reply text, streamed in about as many chunks as the gateway's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The aimock CLI to run, or why there is none. */
export type AimockBin = { bin: string; version: string } | { missing: string }

export const aimockInstall = 'npm install --no-save @copilotkit/aimock@1.43.0'

/** Where aimock is installed: in this checkout's node_modules, or in BENCH_AIMOCK's folder. */
export function findAimock(repo: string): AimockBin {
  // Its package.json is not among its exports, so it is looked up by path rather than resolved.
  const folder = join(process.env.BENCH_AIMOCK ?? repo, 'node_modules/@copilotkit/aimock')
  if (!existsSync(join(folder, 'package.json'))) {
    return { missing: `@copilotkit/aimock is not installed (${aimockInstall}, or BENCH_AIMOCK=<folder>)` }
  }
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }
  const bin = join(folder, 'dist/cli.js')
  return existsSync(bin) ? { bin, version } : { missing: `@copilotkit/aimock ${version} has no dist/cli.js` }
}

/**
 * A fixtures folder in `work` whose one fixture answers `userMessage` with `content`, and the
 * chunk size (characters) that streams it in about `chunks` pieces.
 */
export function aimockFixtures(work: string, userMessage: string, content: string, chunks: number): { dir: string; chunkSize: number } {
  const dir = join(work, 'aimock-fixtures')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'bench.json'), JSON.stringify({ fixtures: [{ match: { userMessage }, response: { content } }] }))
  return { dir, chunkSize: Math.max(1, Math.ceil(content.length / chunks)) }
}
