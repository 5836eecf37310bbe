import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import OpenAI from 'openai'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ReplayAssertionError, ScenarioAssertionError } from '../../src/index.ts'
import type { RunnerHooks, TestIdentity } from '../../src/test-runners/runner-hooks.ts'
import { bindGateway, type UseGatewayOptions } from '../../src/test-runners/use-gateway.ts'
import { chatExchange, recording } from '../support/recordings.ts'

// Where the failed tests of this file leave the inspector's snapshots, unless a test says otherwise.
const snapshots = mkdtempSync(join(tmpdir(), 'use-gateway-snapshots-'))
afterAll(() => rmSync(snapshots, { recursive: true, force: true }))

// The runner-neutral fixture, driven by hand as a runner would drive it: the runners themselves
// run it in test/test-runners/runners.test.ts.
function driven(options?: UseGatewayOptions, test: TestIdentity = { name: 'suite > a test', file: '/project/test/chat.test.ts' }) {
  const hooks: Record<keyof RunnerHooks, ((test: TestIdentity) => Promise<void> | void)[]> = {
    beforeAll: [],
    beforeEach: [],
    afterEach: [],
    afterAll: [],
  }
  const fixture = bindGateway(
    {
      beforeAll: (fn) => hooks.beforeAll.push(fn),
      beforeEach: (fn) => hooks.beforeEach.push(fn),
      afterEach: (fn) => hooks.afterEach.push(fn),
      afterAll: (fn) => hooks.afterAll.push(fn),
    },
    { inspectorSnapshots: snapshots, ...options },
  )
  const runAll = async (name: keyof RunnerHooks) => {
    for (const fn of hooks[name]) await fn(test)
  }
  return {
    fixture,
    beforeAll: () => runAll('beforeAll'),
    /** One test: beforeEach, the body, afterEach (whose error is the test's). */
    async test(body: () => Promise<void>) {
      await runAll('beforeEach')
      await body()
      await runAll('afterEach')
    },
    afterAll: () => runAll('afterAll'),
  }
}

const names = [
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'GOOGLE_GEMINI_BASE_URL',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
]
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]))
afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
})

describe('useGateway, runner-neutral', () => {
  it('sets the SDK variables at the call, and puts back what was there, set or not, after the tests', async () => {
    process.env.OPENAI_API_KEY = 'sk-real-key'
    process.env.GOOGLE_API_KEY = 'a-real-google-key'
    delete process.env.ANTHROPIC_BASE_URL
    const run = driven({ env: true })
    expect(process.env).toMatchObject({
      OPENAI_BASE_URL: 'http://llm-gateway-mock.test/v1',
      OPENAI_API_KEY: 'sk-unrestricted',
      ANTHROPIC_BASE_URL: 'http://llm-gateway-mock.test',
      GOOGLE_GEMINI_BASE_URL: 'http://llm-gateway-mock.test',
      GEMINI_API_KEY: 'sk-unrestricted',
    })
    expect(process.env.GOOGLE_API_KEY).toBeUndefined()
    // Built before beforeAll, from the environment alone: msw already intercepts.
    const openai = new OpenAI({ maxRetries: 0 })
    await run.beforeAll()
    await run.test(async () => {
      expect((await openai.models.list()).data.length).toBeGreaterThan(0)
    })
    await run.afterAll()
    expect(process.env.OPENAI_API_KEY).toBe('sk-real-key')
    expect(process.env.GOOGLE_API_KEY).toBe('a-real-google-key')
    expect(process.env.ANTHROPIC_BASE_URL).toBeUndefined()
    expect(process.env.OPENAI_BASE_URL).toBe(saved.OPENAI_BASE_URL)
  })

  it('stacks: an inner fixture wins while its tests run, the outer one is back after', async () => {
    const outer = driven({ env: true, baseUrl: 'http://outer.test' })
    const inner = driven({ env: { apiKey: 'sk-vip' }, server: true })
    await outer.beforeAll()
    await inner.beforeAll()
    const { url } = inner.fixture()
    expect([process.env.OPENAI_BASE_URL, process.env.OPENAI_API_KEY]).toEqual([`${url}/v1`, 'sk-vip'])
    await inner.test(async () => {
      const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-vip' } })
      expect(response.status).toBe(200)
    })
    await inner.afterAll()
    expect([process.env.OPENAI_BASE_URL, process.env.OPENAI_API_KEY]).toEqual(['http://outer.test/v1', 'sk-unrestricted'])
    // The server is closed.
    await expect(fetch(`${url}/v1/models`)).rejects.toThrow()
    await outer.afterAll()
    expect(process.env.OPENAI_BASE_URL).toBe(saved.OPENAI_BASE_URL)
  })

  it('fails a test only for a strict script left unfinished', async () => {
    const run = driven({ baseUrl: 'http://scripted.test' })
    await run.beforeAll()
    const chat = () =>
      fetch('http://scripted.test/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
      })
    const steps = [{ when: { model: 'gpt-4o-mini' } }, { when: { model: 'gpt-4o' } }]
    try {
      await run.test(async () => {
        await run.fixture().gateway.useScenario({ name: 'loose', steps })
        expect((await chat()).status).toBe(200)
      })
      const failure = await run
        .test(async () => {
          await run.fixture().gateway.useScenario({ name: 'tight', strict: true, steps })
          expect((await chat()).status).toBe(200)
        })
        .catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ScenarioAssertionError)
      expect((failure as ScenarioAssertionError).report.pendingSteps).toEqual([{ step: 2, when: { model: 'gpt-4o' } }])
      // The next test starts with no scenario at all.
      await run.test(async () => {
        expect(run.fixture().gateway.scenario.names).toEqual([])
      })
    } finally {
      await run.afterAll()
    }
  })

  it('fails a test only for a strict replay left unfinished, and gives each test the recordings afresh', async () => {
    const replay = recording([chatExchange(1, 'Hi', { text: 'Recorded hello.' }), chatExchange(2, 'Bye', { text: 'Recorded bye.' })])
    const chat = (origin: string, said: string) =>
      fetch(`${origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: said }] }),
      })
    const textOf = async (response: Response) =>
      ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content

    const loose = driven({ baseUrl: 'http://loose-replay.test', replay })
    const strict = driven({ baseUrl: 'http://strict-replay.test', replay, replayStrict: true })
    await loose.beforeAll()
    await strict.beforeAll()
    try {
      // Not strict: a recording left unused is no failure.
      await loose.test(async () => {
        expect(await textOf(await chat('http://loose-replay.test', 'Hi'))).toBe('Recorded hello.')
      })
      const failure = await strict
        .test(async () => {
          expect(await textOf(await chat('http://strict-replay.test', 'Hi'))).toBe('Recorded hello.')
        })
        .catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ReplayAssertionError)
      expect((failure as ReplayAssertionError).report.unused.map((unused) => unused.id)).toEqual([2])
      // The next test has every recording unused again, and passes once it uses them all.
      await strict.test(async () => {
        expect(await textOf(await chat('http://strict-replay.test', 'Hi'))).toBe('Recorded hello.')
        expect(await textOf(await chat('http://strict-replay.test', 'Bye'))).toBe('Recorded bye.')
      })
    } finally {
      await strict.afterAll()
      await loose.afterAll()
    }
  })

  const chat = (origin: string, said: string) =>
    fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: said }] }),
    })

  /** The snapshot file a failed test's message names, read after the fixture and its gateway are gone. */
  const snapshotOf = (failure: unknown) => {
    const match = /\nWhat the gateway saw, and why \(open it in a browser\): (file:\S+)$/.exec((failure as Error).message)
    expect(match, (failure as Error).message).not.toBeNull()
    return fileURLToPath(match![1]!)
  }

  /** What a test that leaves a strict script unfinished after saying `said` fails with, the fixture and its gateway gone after it. */
  const failWith = async (options: UseGatewayOptions, identity: TestIdentity | undefined, ...said: string[]) => {
    const run = driven(options, identity)
    await run.beforeAll()
    try {
      return await run
        .test(async () => {
          await run.fixture().gateway.useScenario({ name: 'waits', strict: true, steps: [{ when: { model: 'gpt-4o' } }] })
          for (const text of said) await chat(run.fixture().url, text)
        })
        .catch((error: unknown) => error)
    } finally {
      await run.afterAll()
    }
  }
  /** What a snapshot page keeps: the failure and the admin routes' answers. */
  const keptIn = (page: string) => JSON.parse(/<script type="application\/json" id="inspector-snapshot">(.*?)<\/script>/s.exec(page)![1]!)

  it.each([
    ['in-process', {}],
    ['served over HTTP', { server: true }],
  ] as const)('%s, points a failed test at a snapshot of the inspector that outlives the gateway', async (_, mode) => {
    const failure = await failWith(mode, undefined, '<script>alert(1)</script> was asked')
    expect(failure).toBeInstanceOf(ScenarioAssertionError)
    expect((failure as Error).message).toMatch(/^Scenario "waits" is not done:/)
    const file = snapshotOf(failure)
    expect(file).toMatch(new RegExp(`^${snapshots}/chat-suite-a-test-[0-9a-f]{8}\\.html$`))
    const page = readFileSync(file, 'utf8')
    // One file with everything inline: no address of the gateway, which is gone.
    expect(page).not.toMatch(/<(script|link)[^>]+(src|href)="(?!data:)/)
    const kept = keptIn(page)
    expect(kept.reason).toMatch(/^Scenario "waits" is not done:/)
    const [entry] = kept.answers['journal?limit=1000'].body.entries
    expect(entry).toMatchObject({ path: '/v1/chat/completions', model: 'gpt-4o-mini', status: 400 })
    expect(kept.answers[`journal/${entry.requestId}`].body.request.body).toContain('<script>alert(1)</script>')
    expect(kept.answers.state.body.scenarios.report.unmatched).toHaveLength(1)
    // The prompt's markup is inert text in the page: no element of it, anywhere.
    expect(page).not.toContain('<script>alert(1)</script>')
  })

  it('names the snapshots of two files of one name in different folders apart, and the same test alike each time', async () => {
    const fileOf = async (file: string, said: string) => snapshotOf(await failWith({}, { name: 'dup', file }, said))
    const first = await fileOf('/project/test/a/dup.test.ts', 'from a')
    const second = await fileOf('/project/test/b/dup.test.ts', 'from b')
    expect(second).not.toBe(first)
    expect(first).toMatch(/\/dup-dup-[0-9a-f]{8}\.html$/)
    expect(readFileSync(first, 'utf8')).toContain('from a')
    expect(readFileSync(second, 'utf8')).toContain('from b')
    expect(readFileSync(first, 'utf8')).not.toContain('from b')
    // The same file's test fails again: its snapshot is replaced, not added beside.
    expect(await fileOf('/project/test/a/dup.test.ts', 'from a again')).toBe(first)
    expect(readFileSync(first, 'utf8')).toContain('from a again')
  })

  it('keeps in the snapshot the details the gateway keeps (detailLimit), and no detail it would refuse', async () => {
    const failure = await failWith({ detailLimit: 1 }, { name: 'detail limit' }, 'first', 'second')
    const kept = keptIn(readFileSync(snapshotOf(failure), 'utf8'))
    const details = Object.entries(kept.answers).filter(([path]) => path.startsWith('journal/'))
    expect(details).toHaveLength(1)
    expect((details[0]![1] as { status: number; body: { request: { body: string } } }).body.request.body).toContain('second')
  })

  it('writes no snapshot with inspectorSnapshots: false, and a snapshot it cannot write leaves the failure as it was', async () => {
    const blocked = join(snapshots, 'a-file-not-a-folder')
    writeFileSync(blocked, '')
    for (const [inspectorSnapshots, tail] of [
      [false, /was never reached \(model "gpt-4o"\)$/],
      [blocked, /\n\(The inspector's snapshot could not be written to .*a-file-not-a-folder.*\)$/],
    ] as const) {
      const failure = await failWith({ inspectorSnapshots }, { name: 'unwritten' })
      expect(failure).toBeInstanceOf(ScenarioAssertionError)
      expect((failure as Error).message).toMatch(tail)
    }
    expect(existsSync(join(snapshots, 'unwritten.html'))).toBe(false)
  })

  it('says when the gateway is asked for before beforeAll, and refuses baseUrl with server', async () => {
    const run = driven()
    expect(() => run.fixture()).toThrow(
      'useGateway(): the gateway is created in beforeAll; call the function useGateway() returned inside a test or a hook',
    )
    await run.afterAll()
    expect(() => driven({ server: true, baseUrl: 'http://x.test' })).toThrow(
      "useGateway: baseUrl is for in-process use; with server: true the URL is the server's",
    )
  })
})
