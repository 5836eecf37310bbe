import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
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

// Each runner runs its whole fixture folder at once, as a project runs its suite: one process per
// runner, not one per file (a runner's start is most of a file's time). The folder holds one test
// that must fail (unfinished), so a run ends with exit code 1 and exactly one failure; the tests
// below read each test's verdict in that run's output, the README's example's too (below).
const runners = [
  {
    name: 'vitest',
    folder: 'vitest',
    readmeVerdict: 'readme.test.ts > ',
    run: () => run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose', '--config', `${folder('vitest')}/vitest.config.ts`]),
    readme: 'readme.test.ts',
    oneFailure: /Tests {2}1 failed \| \d+ passed/,
  },
  {
    name: 'jest (ESM mode)',
    folder: 'jest',
    readmeVerdict: '',
    run: () =>
      run([
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--config',
        `${folder('jest')}/jest.config.json`,
        '--rootDir',
        folder('jest'),
        '--verbose',
      ]),
    readme: 'readme.test.mjs',
    oneFailure: /Tests: +1 failed, \d+ passed/,
  },
  {
    name: 'node:test',
    folder: 'node-test',
    readmeVerdict: '',
    // node --test takes the files themselves.
    run: () =>
      run(['--test', '--test-reporter=spec', ...['sdks.test.ts', 'readme.test.mjs'].map((file) => `${folder('node-test')}/${file}`)]),
    readme: 'readme.test.mjs',
    oneFailure: /\bfail 1\n/,
  },
]

/** The one run of each runner over its fixture folder, started by the first test that reads it. */
const fixtureRuns = new Map<string, Promise<Verdict>>()
const fixtureRun = (runner: (typeof runners)[number]) => {
  if (!fixtureRuns.has(runner.name)) fixtureRuns.set(runner.name, runner.run())
  return fixtureRuns.get(runner.name)!
}

/** The run's verdicts for these tests: each passed, and the one failure of the run is not among them. */
async function expectPassed(runner: (typeof runners)[number], names: string[]): Promise<string> {
  const { code, output } = await fixtureRun(runner)
  for (const name of names) expect(output).toMatch(new RegExp(`(✓|✔)[^\\n]*${name}`))
  expect(output).toMatch(runner.oneFailure)
  expect(code, output).toBe(1)
  return output
}

// The README's three examples, each run as written in its runner: written into the runner's
// fixture folder (ignored by git), so that the one run of the folder runs it with the fixtures
// rather than a runner process of its own; their imports resolve as the fixtures' do.
const readme = readFileSync(inRepo('README.md'), 'utf8')
const section = readme.slice(readme.indexOf('### 2. In your tests'), readme.indexOf('Without a runner'))
const examples = [...section.matchAll(/```(?:ts|js)\n\/\/ (vitest|jest|node --test)[^\n]*\n([\s\S]*?)```/g)].map((match) => match[2]!)
const readmeFiles = runners.map((runner) => inRepo(`${folder(runner.folder)}/${runner.readme}`))
runners.forEach((_, index) => writeFileSync(readmeFiles[index]!, examples[index] ?? ''))
afterAll(() => readmeFiles.forEach((file) => rmSync(file, { force: true })))
// Where the fixture leaves a failed test's inspector snapshot by default: the runners run in the repository.
const snapshots = 'test-results/llm-gateway-mock'

it('finds one README example per runner', () => {
  expect(examples).toHaveLength(3)
})

describe.each(runners)('useGateway under $name', (runner) => {
  it('gives the official SDKs a fresh gateway per test, in-process and over HTTP, with the environment set and restored', async () => {
    await expectPassed(runner, [
      'answers the three SDKs in-process, built before the gateway was',
      'drains a quota in one test',
      'finds it full in the next, with an empty journal',
      'serves on a loopback port and points the environment at it',
      'has the file gateway back in the environment once the describe is done',
    ])
  }, 150_000)

  it("runs the README's example as written", async () => {
    // Each of its tests passes in the folder's run, whose one failure is the unfinished script's.
    const names = [...examples[runners.indexOf(runner)]!.matchAll(/^(?:it|test)\('([^']+)'/gm)].map((match) => match[1]!)
    expect(names.length).toBeGreaterThan(0)
    await expectPassed(
      runner,
      names.map((name) => `${runner.readmeVerdict}${name}`),
    )
  }, 150_000)

  it('reads a world file and a directory of recordings that world and replay name by path, in-process and over HTTP', async () => {
    await expectPassed(runner, [
      'replays the recordings a path names, in the world a path names',
      'reads the same paths for a served gateway',
    ])
  }, 150_000)

  it('fails the test that leaves a strict script unfinished, with the report, and only that test', async () => {
    const output = await expectPassed(runner, ['plays the whole script', 'starts afresh after the failed one'])
    expect(output).toContain('ScenarioAssertionError')
    expect(output).toContain('Scenario "two calls" is not done:')
    expect(output).toContain('step 2 "second" was never reached (model "gpt-4o")')
    expect(output).toMatch(/(×|✕|✖)[^\n]*stops halfway through the script/)
    // The failed test points at the inspector's snapshot, named after it and its file's path, in the working directory.
    const link = /What the gateway saw, and why \(open it in a browser\): (file:\S+)/.exec(output)
    expect(link, output).not.toBeNull()
    const file = fileURLToPath(link![1]!)
    expect(file.startsWith(inRepo(`${snapshots}/sdks-a-strict-script-stops-halfway-through-the-script-`).pathname), file).toBe(true)
    expect(file).toMatch(/-[0-9a-f]{8}\.html$/)
    expect(readFileSync(file, 'utf8')).toContain('id="inspector-snapshot"')
    rmSync(file)
  }, 150_000)
})

it('jest: a CommonJS test file require()s the fixture (Node 24.9 or newer, with --experimental-vm-modules)', async () => {
  await expectPassed(runners[1]!, ['answers in-process'])
}, 150_000)
