import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])

describe('world files and the scenarios on top of them, from the command line', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('serves the README weather world with model-missing on top: the custom group keeps its models', async () => {
    running = run('--port', '0', '--quiet', '--world', fixture('weather-world.json'), '--scenario', 'model-missing')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const models = async (key: string) => {
      const response = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
      return ((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)
    }
    expect(await models('sk-unrestricted')).toEqual(['gpt-4o-mini', 'weather-bot'])
    expect(await models('sk-vip')).toEqual([
      'claude-opus-4-1',
      'gemini-2.5-flash',
      'text-embedding-3-large',
      'gemini-embedding-001',
      'dall-e-3',
      'tts-1',
      'whisper-1',
      'gpt-realtime',
    ])
    const chat = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'weather-bot', messages: [{ role: 'user', content: 'Weather in Paris?' }] }),
    })
    expect(chat.status).toBe(200)
  })

  it.each([
    [
      'a typo in a key and a group',
      'typo-world.json',
      [
        '  - tokens[0].key: no token has key "sk-limted". Did you mean "sk-limited"? To add a new token, give "name" and "userId" too.',
        '  - users[0].extraGroups[0]: no group is named "vipp". Did you mean "vip"?',
      ],
    ],
    ['an unknown field', 'unknown-field-world.json', ['  - models[0].contextWindw: unknown field. Did you mean "contextWindow"?']],
    [
      'a patch without "extends"',
      'no-extends-world.json',
      [
        '  - (root): a whole world needs "groups", "users", "tokens" and "models" (this one has no "groups", "users", "tokens"). To change the default world instead, add "extends": "default"',
      ],
    ],
  ])('keys --world and --world refuse %s with exit code 3 and what to change', async (_, file, lines) => {
    const refusal = `Invalid world ${fixture(file)}:\n${lines.join('\n')}\n`
    // keys in the test's process (test/support/cli-in-process.ts), the server as the process it is.
    expect(await runCliInProcess(['keys', '--world', fixture(file)])).toEqual({ code: 3, output: refusal })
    running = run('--port', '0', '--world', fixture(file))
    expect(await running.exited).toBe(3)
    expect(running.output()).toBe(refusal)
  })

  // A project without "type": "module" has tsx compile a .ts file to CommonJS, where the default
  // export arrives wrapped in another `default`.
  it('reads a TypeScript world from a project that is not an ES module package', async () => {
    const project = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-commonjs-'))
    try {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'commonjs-project', private: true }))
      writeFileSync(
        join(project, 'world.ts'),
        `const key: string = 'sk-typed'\nexport default { extends: 'default', tokens: [{ key, name: 'typed', userId: 1, unlimitedQuota: true }] }\n`,
      )
      running = run('keys', '--json', '--world', join(project, 'world.ts'))
      expect(await running.exited, running.output()).toBe(0)
      expect(JSON.parse(running.output()).keys.map((key: { key: string }) => key.key)).toContain('sk-typed')
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })

  it('scenarios validate and --scenario refuse a typo in a key of the world patch or a rule, with exit code 5', async () => {
    const validated = await runCliInProcess([
      'scenarios',
      'validate',
      fixture('typo-key-scenario.json'),
      fixture('typo-rule-scenario.json'),
    ])
    expect(validated.code).toBe(5)
    expect(validated.output).toContain(
      `Invalid scenario ${fixture('typo-key-scenario.json')}:\n  - world.tokens[0].key: no token has key "sk-limted". Did you mean "sk-limited"? To add a new token, give "name" and "userId" too.\n`,
    )
    expect(validated.output).toContain(
      `Invalid scenario ${fixture('typo-rule-scenario.json')}:\n` +
        '  - rules[0].when.key: no API key "sk-vpi" in the world. Did you mean "sk-vip"?\n' +
        '  - rules[0].when.model: no model has id "gpt-4o-mni". Did you mean "gpt-4o-mini"?\n',
    )

    running = run('--port', '0', '--world', fixture('weather-world.json'), '--scenario', fixture('typo-key-scenario.json'))
    expect(await running.exited).toBe(5)
    expect(running.output()).toContain('world.tokens[0].key: no token has key "sk-limted". Did you mean "sk-limited"?')
  })
})
