// BENCH_ONLY=first-npx: what a newcomer meets in a fresh clone. This checkout's HEAD is cloned into
// a temporary folder and installed with `npm ci` (its warnings counted, not timed); then
// `npx llm-gateway-mock` is timed from spawn to its first 200 on GET /v1/models, twice: the first
// start, against the 3 s target, and the one after. npm runs on the system's Node, as a user's
// shell finds it, not on this repository's Node 24. The npx cache entry the first start makes is
// removed afterwards.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { runNpm, userNpmEnv } from '../test/support/packed-project.ts'
import { firstAnswer, freePort, spawnOnServerCore, stopProcess } from './processes.ts'

const target = 3_000

/** The environment of a user's shell: npm's settings and every node_modules/.bin off the PATH. */
function shellEnv(): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('/node_modules/'))
  return { ...userNpmEnv(), PATH: path.join(delimiter) }
}

async function timeNpx(clone: string, env: NodeJS.ProcessEnv, headers: Record<string, string>): Promise<number> {
  const port = await freePort()
  const startedAt = performance.now()
  const child = spawnOnServerCore('npx', ['llm-gateway-mock', '--port', String(port), '--quiet'], { cwd: clone, env, stdio: 'ignore' })
  try {
    return await firstAnswer(child, `http://127.0.0.1:${port}/v1/models`, headers, startedAt, 60_000)
  } finally {
    // npx, npm's shell and the server: the server stops when its parent goes (--exit-with-parent).
    await stopProcess(child, 'SIGTERM')
  }
}

/** The npx cache folders made for `clone` (npx installs a clone's own package there, linked). */
function npxCacheEntries(clone: string, env: NodeJS.ProcessEnv): string[] {
  const cache = join(execFileSync('npm', ['config', 'get', 'cache'], { env, encoding: 'utf8' }).trim(), '_npx')
  if (!existsSync(cache)) return []
  return readdirSync(cache)
    .map((name) => join(cache, name))
    .filter((dir) => {
      try {
        return readFileSync(join(dir, 'package.json'), 'utf8').includes(clone)
      } catch {
        return false
      }
    })
}

/** The section's lines, and its line for the summary. */
export async function firstNpxRows(options: { repo: string; work: string; headers: Record<string, string> }): Promise<{
  rows: string[]
  summary: string
}> {
  const clone = join(options.work, 'fresh-clone')
  const env = shellEnv()
  const node = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim()
  execFileSync('git', ['clone', '--quiet', options.repo, clone], { stdio: 'ignore' })
  try {
    const install = runNpm(['ci', '--no-audit', '--no-fund', '--prefer-offline'], clone, env)
    if (install.status !== 0) throw new Error(`npm ci in a fresh clone failed:\n${install.output}`)
    const warnings = install.output.split('\n').filter((line) => /^npm warn/i.test(line)).length
    const first = await timeNpx(clone, env, options.headers)
    const second = await timeNpx(clone, env, options.headers)
    return {
      rows: [
        `A fresh clone (this checkout's HEAD), as a newcomer meets it, npm on the system's Node.js ${node}`,
        `  npm ci                 ${String(warnings).padStart(6)} warning lines`,
        `  first npx llm-gateway-mock  ${first.toFixed(0).padStart(6)} ms until the first 200   (target: at most ${target} ms)`,
        `  the next one                ${second.toFixed(0).padStart(6)} ms`,
      ],
      summary: `fresh clone's first npx ${first.toFixed(0).padStart(6)} ms   (the next: ${second.toFixed(0)} ms; npm ci: ${warnings} warning lines; target: at most ${target} ms)`,
    }
  } finally {
    for (const entry of npxCacheEntries(clone, env)) rmSync(entry, { recursive: true, force: true })
    rmSync(clone, { recursive: true, force: true })
  }
}
