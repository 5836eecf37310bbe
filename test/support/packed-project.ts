import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject } from 'vitest'
import { memoryBackedTmpdir } from './memory-folder.ts'
import { repo } from './paths.ts'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** An empty project, in a temporary folder, with the packed tarball installed as a user would install it. */
export interface PackedProject {
  /** The temporary folder: the tarball and `project` are in it. */
  work: string
  /** The consumer project, whose node_modules holds llm-gateway-mock and its dependencies. */
  project: string
  /** What `npm install --save-dev <tarball>` printed, stdout and stderr, warnings included. */
  installOutput: string
  /** Removes the temporary folder. */
  remove(): void
}

/**
 * The environment of npm as a user runs it. Under `npm test`, npm hands its settings on to every
 * process it starts (`npm_config_*`): this repository's `loglevel=error` would hide the warnings a
 * user sees, and its `allowScripts` would approve install scripts a user is asked about.
 */
export function userNpmEnv(): NodeJS.ProcessEnv {
  const kept = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry'])
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_config_') || kept.has(name)))
}

/** Runs npm in `cwd` as a user would: its exit status and everything it printed. */
export function runNpm(args: string[], cwd: string, env: NodeJS.ProcessEnv = userNpmEnv()): { status: number | null; output: string } {
  const result = spawnSync(npm, args, { cwd, env, encoding: 'utf8', timeout: 240_000 })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** Packs the repository (its `dist` must be built) and installs the tarball into a new project with this package.json. */
export function installPackedProject(
  packageJson: Record<string, unknown>,
  work = mkdtempSync(join(memoryBackedTmpdir(), 'llm-gateway-mock-pack-')),
): PackedProject {
  mkdirSync(work, { recursive: true })
  const project = join(work, 'project')
  execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repo, stdio: 'ignore' })
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error('npm pack produced no tarball')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', ...packageJson }))
  // As the README tells a user to, warnings shown; offline where npm's cache allows.
  const install = runNpm(
    ['install', '--save-dev', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn'],
    project,
  )
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.output}`)
  return { work, project, installOutput: install.output, remove: () => rmSync(work, { recursive: true, force: true }) }
}

/** The consumer project the package tests share: an npm script runs the bin, as a user's would. */
const sharedPackageJson = { scripts: { start: 'llm-gateway-mock --port 0 --quiet' } }

/**
 * The one install of the packed tarball for the whole run (`npm pack` and `npm install` cost a
 * package test file more than its tests): the first file to ask installs it into the run's folder
 * (test/support/packed-project-home.ts), the others wait for it, and the run's teardown removes it.
 * A file that shares it writes only files of its own into it, and removes none of the others'.
 */
export async function sharedPackedProject(): Promise<PackedProject> {
  const home = inject('packedProjectHome')
  const installed = join(home, 'installed.json')
  let first = true
  try {
    mkdirSync(join(home, 'claimed'))
  } catch {
    first = false
  }
  if (first) {
    let outcome: Omit<PackedProject, 'remove'> | { error: string }
    try {
      const { work, project, installOutput } = installPackedProject(sharedPackageJson, join(home, 'work'))
      outcome = { work, project, installOutput }
    } catch (error) {
      outcome = { error: String(error) }
    }
    // Written whole, then renamed: a file that waits never reads half of it.
    writeFileSync(`${installed}.partial`, JSON.stringify(outcome))
    renameSync(`${installed}.partial`, installed)
  }
  // Bounded as runNpm's install is, twice over (pack and install).
  for (let waited = 0; !existsSync(installed) && waited < 480_000; waited += 250) await sleep(250)
  if (!existsSync(installed)) throw new Error(`the shared install of the tarball did not finish (${home})`)
  const outcome = JSON.parse(readFileSync(installed, 'utf8')) as Omit<PackedProject, 'remove'> | { error: string }
  if ('error' in outcome) throw new Error(outcome.error)
  return { ...outcome, remove: () => {} }
}
