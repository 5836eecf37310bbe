import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const repo = new URL('../..', import.meta.url).pathname
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** An empty project, in a temporary folder, with the packed tarball installed as a user would install it. */
export interface PackedProject {
  /** The temporary folder: the tarball and `project` are in it. */
  work: string
  /** The consumer project, whose node_modules holds llm-gateway-mock and its dependencies. */
  project: string
  /** Removes the temporary folder. */
  remove(): void
}

/** Packs the repository (its `dist` must be built) and installs the tarball into a new project with this package.json. */
export function installPackedProject(packageJson: Record<string, unknown>): PackedProject {
  const work = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-pack-'))
  const project = join(work, 'project')
  execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repo, stdio: 'ignore' })
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error('npm pack produced no tarball')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', ...packageJson }))
  execFileSync(npm, ['install', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: project,
    stdio: 'ignore',
  })
  return { work, project, remove: () => rmSync(work, { recursive: true, force: true }) }
}
