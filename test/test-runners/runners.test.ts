import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { inRepo, repo } from '../support/paths.ts'

// Each runner's fixture, run as a user runs it: the runner as a subprocess on the files in
// test/fixtures/runners/<runner>/, which import the package by its name (dist/, built by npm
// install), and its verdict read from the exit code and the output.
const folder = (runner: string) => `test/fixtures/runners/${runner}`

interface Verdict {
  code: number | null
  output: string
}

function run(args: string[]): Promise<Verdict> {
  // Not the variables of the vitest running this file: a nested vitest would take them for its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS'))
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: repo, env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}\n${stderr}` }),
    )
  })
}

const runners = [
  {
    name: 'vitest',
    run: (file: string, dir = folder('vitest')) =>
      run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose', '--config', `${dir}/vitest.config.ts`, file]),
    files: { sdks: 'sdks.test.ts', unfinished: 'unfinished.test.ts', readme: 'readme.test.ts', paths: 'paths.test.ts' },
  },
  {
    name: 'jest (ESM mode)',
    run: (file: string, dir = folder('jest')) =>
      run([
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--config',
        `${folder('jest')}/jest.config.json`,
        '--rootDir',
        dir,
        '--verbose',
        file,
      ]),
    files: { sdks: 'sdks.test.mjs', unfinished: 'unfinished.test.mjs', readme: 'readme.test.mjs', paths: 'paths.test.mjs' },
  },
  {
    name: 'node:test',
    run: (file: string, dir = folder('node-test')) => run(['--test', '--test-reporter=spec', `${dir}/${file}`]),
    files: { sdks: 'sdks.test.ts', unfinished: 'unfinished.test.ts', readme: 'readme.test.mjs', paths: 'paths.test.ts' },
  },
]

// The README's three examples, each run as written in its runner (inside the repository, so that
// their imports resolve to the package and our devDependencies).
const readme = readFileSync(inRepo('README.md'), 'utf8')
const section = readme.slice(readme.indexOf('### 2. In your tests'), readme.indexOf('Without a runner'))
const examples = [...section.matchAll(/```(?:ts|js)\n\/\/ (vitest|jest|node --test)[^\n]*\n([\s\S]*?)```/g)].map((match) => match[2]!)
const scratch = '.scratch/readme-runners'
// Where the fixture leaves a failed test's inspector snapshot by default: the runners run in the repository.
const snapshots = 'test-results/llm-gateway-mock'
rmSync(inRepo(scratch), { recursive: true, force: true })
afterAll(() => rmSync(inRepo(scratch), { recursive: true, force: true }))

it('finds one README example per runner', () => {
  expect(examples).toHaveLength(3)
})

describe.each(runners)('useGateway under $name', (runner) => {
  it('gives the official SDKs a fresh gateway per test, in-process and over HTTP, with the environment set and restored', async () => {
    const { code, output } = await runner.run(runner.files.sdks)
    expect(output).toMatch(/drains a quota in one test/)
    expect(output).toMatch(/finds it full in the next, with an empty journal/)
    expect(output).toMatch(/serves on a loopback port and points the environment at it/)
    expect(code, output).toBe(0)
  }, 150_000)

  it("runs the README's example as written", async () => {
    const index = runners.indexOf(runner)
    const dir = `${scratch}/${index}`
    mkdirSync(inRepo(dir), { recursive: true })
    writeFileSync(inRepo(`${dir}/${runner.files.readme}`), examples[index]!)
    // vitest's config (its root is its own folder), which the other runners do without.
    copyFileSync(inRepo(`${folder('vitest')}/vitest.config.ts`), inRepo(`${dir}/vitest.config.ts`))
    const { code, output } = await runner.run(runner.files.readme, dir)
    expect(output).toMatch(/(✓|✔)/)
    expect(code, output).toBe(0)
  }, 150_000)

  it('reads a world file and a directory of recordings that world and replay name by path, in-process and over HTTP', async () => {
    const { code, output } = await runner.run(runner.files.paths)
    expect(output).toMatch(/(✓|✔)[^\n]*replays the recordings a path names, in the world a path names/)
    expect(output).toMatch(/(✓|✔)[^\n]*reads the same paths for a served gateway/)
    expect(code, output).toBe(0)
  }, 150_000)

  it('fails the test that leaves a strict script unfinished, with the report, and only that test', async () => {
    const { code, output } = await runner.run(runner.files.unfinished)
    expect(code, output).toBe(1)
    expect(output).toContain('ScenarioAssertionError')
    expect(output).toContain('Scenario "two calls" is not done:')
    expect(output).toContain('step 2 "second" was never reached (model "gpt-4o")')
    expect(output).toMatch(/(✓|✔)[^\n]*plays the whole script/)
    expect(output).toMatch(/(×|✕|✖)[^\n]*stops halfway through the script/)
    expect(output).toMatch(/(✓|✔)[^\n]*starts afresh after the failed one/)
    // The failed test points at the inspector's snapshot, named after it and its file's path, in the working directory.
    const link = /What the gateway saw, and why \(open it in a browser\): (file:\S+)/.exec(output)
    expect(link, output).not.toBeNull()
    const file = fileURLToPath(link![1]!)
    expect(file.startsWith(inRepo(`${snapshots}/unfinished-stops-halfway-through-the-script-`).pathname), file).toBe(true)
    expect(file).toMatch(/-[0-9a-f]{8}\.html$/)
    expect(readFileSync(file, 'utf8')).toContain('id="inspector-snapshot"')
    rmSync(file)
  }, 150_000)
})

it('jest: a CommonJS test file require()s the fixture (Node 24.9 or newer, with --experimental-vm-modules)', async () => {
  const { code, output } = await runners[1]!.run('require.test.cjs')
  expect(output).toMatch(/✓ answers in-process/)
  expect(code, output).toBe(0)
}, 150_000)
