// vitest's global set-up. The CLI, package and test-runner tests run the built package (dist/), as a
// user does; so before any test runs, dist/ is built from the sources as they are now, by the build
// `npm run build` runs (scripts/build.ts), unless it already is. A build leaves every file it writes
// newer than every source it read, so a source changed, added or removed since makes dist/ stale.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { repo } from './paths.ts'

/** What the build reads. A folder counts with its own time too: adding or removing a file changes it. */
const inputs = ['src', 'scripts/build.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']

/** What package.json and bin/ serve from dist/; a build that stopped half-way lacks some of them. */
const outputs = [
  'dist/src/index.js',
  'dist/src/index.d.ts',
  'dist/src/node/index.js',
  'dist/src/node/package-entry.js',
  'dist/src/test-runners/vitest.js',
  'dist/src/test-runners/jest.js',
  'dist/src/test-runners/node-test.js',
  'dist/src/cli/bin.js',
  'dist/src/cli/main.js',
  'dist/src/cli/quick-serve.cjs',
]

export default function buildDist(): void {
  if (isBuilt()) return
  execFileSync(process.execPath, [join(repo, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts'], { cwd: repo, stdio: 'inherit' })
}

/** Whether dist/ holds every output, each written after the last change to any input. */
function isBuilt(): boolean {
  const paths = outputs.map((path) => join(repo, path))
  if (!paths.every((path) => existsSync(path))) return false
  const builtAt = Math.min(...paths.map((path) => statSync(path).mtimeMs))
  return inputs.every((path) => newest(join(repo, path)) < builtAt)
}

/** The latest modification time of `path` and, for a folder, of everything in it. */
function newest(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))))
}
