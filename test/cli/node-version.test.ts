import { execFileSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isSupportedNode, unsupportedNodeMessage } from '../../src/supported-node.ts'
import { runNpm, userNpmEnv } from '../support/packed-project.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, inRepo, repo } from '../support/paths.ts'

const dist = inRepo('dist/src/index.js').href

/** The refusal, one line: what is needed, what was found, and how to get a Node.js that works. */
const refusal = (version: string) =>
  `llm-gateway-mock needs Node.js 22.12 or newer; this is Node.js ${version}. Install the current LTS from https://nodejs.org/en/download (with nvm: nvm install --lts) and run it again.`

describe('the Node.js version check', () => {
  it.each([
    ['20.20.2', false],
    ['22.11.9', false],
    ['v22.11.0', false],
    ['22.12.0', true],
    ['v22.12.0', true],
    ['22.13.1', true],
    ['23.0.0', true],
    ['24.11.1', true],
    ['24.0.0-nightly20250101', true],
    ['not a version', true],
  ])('%s is supported: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported)
  })

  it('names the version found and the one needed, says how to get it, and says nothing where there is no Node.js to judge', () => {
    expect(unsupportedNodeMessage({ node: '20.20.2' })).toBe(refusal('20.20.2'))
    expect(unsupportedNodeMessage({ node: '22.12.0' })).toBeUndefined()
    // A browser has no process; Bun and Deno claim a Node.js version for compatibility only.
    expect(unsupportedNodeMessage(undefined)).toBeUndefined()
    expect(unsupportedNodeMessage({ node: '20.0.0', bun: '1.1.0' })).toBeUndefined()
    expect(unsupportedNodeMessage({ node: '20.0.0', deno: '2.0.0' })).toBeUndefined()
    expect(unsupportedNodeMessage()).toBeUndefined()
  })
})

/** The first `node` on PATH older than 22.12, e.g. a system Node.js beside the one the tests run on. */
function findOldNode(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'node')
    try {
      accessSync(path, constants.X_OK)
      const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 10_000 }).trim()
      if (!isSupportedNode(version)) return { path, version }
    } catch {
      // Not there, or not a Node.js that runs.
    }
  }
  return undefined
}

const oldNode = findOldNode()
const found = oldNode ? `Node.js ${oldNode.version} at ${oldNode.path}` : 'none older than 22.12 on PATH, so skipped'

describe.skipIf(oldNode === undefined)(`under an old Node.js (${found})`, () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('the CLI refuses to start with one line and exit code 6', async () => {
    running = spawnCli(oldNode!.path, [bin, '--port', '0'])
    expect(await running.exited).toBe(6)
    expect(running.output()).toBe(`${refusal(oldNode!.version)}\n`)
  })

  it('createGateway from the built package throws that line', () => {
    const script = `import { createGateway } from ${JSON.stringify(dist)}
try { await createGateway(); console.log('created') } catch (error) { console.log(error.message) }`
    const output = execFileSync(oldNode!.path, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 })
    expect(output).toBe(`${refusal(oldNode!.version)}\n`)
  })

  // The README says a clone works under an older Node (the scripts run on the Node 24
  // devDependency); npm, run by the old one, would warn for every devDependency that needs 22.
  const oldNpm = oldNode && join(dirname(oldNode.path), 'npm')
  it.skipIf(oldNpm === undefined || !existsSync(oldNpm))(
    "a clone's npm install prints no warning",
    () => {
      const env = { ...userNpmEnv(), PATH: `${dirname(oldNode!.path)}${delimiter}${process.env.PATH}` }
      // npm checks every package's engines while it works out the tree, which --package-lock-only
      // still does (with --loglevel=warn it prints the 70 warnings); it skips reading node_modules.
      // Offline where npm's cache allows, as the packed tarball's install is: the engines it checks
      // are the lockfile's packages', and the registry's answers cost a second.
      const install = runNpm(['install', '--dry-run', '--package-lock-only', '--no-audit', '--no-fund', '--prefer-offline'], repo, env)
      expect(install.status, install.output).toBe(0)
      expect(install.output).not.toMatch(/\bnpm (warn|error)\b/i)
    },
    60_000,
  )
})
