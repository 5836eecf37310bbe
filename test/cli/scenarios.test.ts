import { jsonSchemaText } from '../../src/schema/json-schema-file.ts'
import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { builtInScenarioNames, builtInScenarios, resolveScenario } from '../../src/index.ts'
import { scenarioJsonSchema } from '../../src/scenarios/scenario-json-schema.ts'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, fixture, inRepo } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])
// What a command says, in the test's process (test/support/cli-in-process.ts); a spawned case per command proves the process.
const say = (...args: string[]) => runCliInProcess(args)
const scenariosDir = inRepo('scenarios/')
const schemaFile = new URL('scenario.schema.json', scenariosDir)
const builtInFiles = readdirSync(scenariosDir).filter((name) => name.endsWith('.json') && name !== 'scenario.schema.json')

describe('scenario files and their JSON Schema', () => {
  it('ships scenarios/scenario.schema.json exactly as the zod schema generates it (npm run schema:write)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(jsonSchemaText(scenarioJsonSchema()))
  })

  it('makes defaulted fields optional, so hand-written files need only a name', () => {
    const schema = scenarioJsonSchema() as { required: string[]; properties: Record<string, unknown> }
    expect(schema.required).toEqual(['name'])
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['$schema', 'name', 'description', 'seed', 'world', 'rules', 'steps', 'strict']),
    )
  })

  it.each(builtInFiles)('scenarios/%s is a registered built-in, points at the schema and validates', (file) => {
    const definition = JSON.parse(readFileSync(new URL(file, scenariosDir), 'utf8')) as { $schema: string; name: string }
    expect(definition.$schema).toBe('./scenario.schema.json')
    expect(builtInScenarioNames).toContain(definition.name)
    expect(file).toBe(`${definition.name}.json`)
    expect(resolveScenario(definition, file).name).toBe(definition.name)
  })
})

describe('the llm-gateway-mock binary with scenarios', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('lists the built-in scenarios with what each does', async () => {
    const list = await say('scenarios', 'list')
    expect(list.code).toBe(0)
    for (const name of builtInScenarioNames) {
      const { description } = builtInScenarios[name] as { description: string }
      expect(list.output).toMatch(new RegExp(`^${name}\\s+${description.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'))
    }

    const json = await say('scenarios', 'list', '--json')
    expect(json.code).toBe(0)
    expect((JSON.parse(json.output) as { name: string }[]).map((scenario) => scenario.name)).toEqual(builtInScenarioNames)
  })

  it('validates good files (the built-ins, JSON and TypeScript) with exit code 0', async () => {
    const files = [...builtInFiles.map((file) => `scenarios/${file}`), fixture('scripted-scenario.json'), fixture('typed-scenario.ts')]
    running = run('scenarios', 'validate', ...files)
    expect(await running.exited).toBe(0)
    expect(running.output()).toContain('ok  scenarios/flaky-upstream.json: scenario "flaky-upstream" (1 rule, 0 steps)')
    expect(running.output()).toContain(`ok  ${fixture('scripted-scenario.json')}: scenario "scripted" (0 rules, 2 steps)`)
    expect(running.output()).toContain(`ok  ${fixture('typed-scenario.ts')}: scenario "typed-scenario" (1 rule, 0 steps)`)
  })

  it('rejects a bad file with exit code 5, naming the file, the path inside it and the fix', async () => {
    const { code, output } = await say('scenarios', 'validate', fixture('scripted-scenario.json'), fixture('typo-scenario.json'))
    expect(code).toBe(5)
    expect(output).toContain(`ok  ${fixture('scripted-scenario.json')}`)
    expect(output).toContain(`Invalid scenario ${fixture('typo-scenario.json')}:`)
    expect(output).toContain('  - rules[0].then.fail.code: "rate_limit_exceded" is not one of')
    expect(output).toContain('Did you mean "rate_limit_exceeded"?')
    expect(output).toContain('1 of 2 scenario files invalid.')
    expect(output).not.toMatch(/\n\s+at /)
  })

  it('rejects a world patch that does not fit the world, and files it cannot read', async () => {
    const { code, output } = await say(
      'scenarios',
      'validate',
      fixture('unfit-scenario.json'),
      fixture('missing-scenario.json'),
      fixture('bad-world.json'),
    )
    expect(code).toBe(5)
    expect(output).toContain(
      `Invalid scenario ${fixture('unfit-scenario.json')}:\n  - world.tokens[0].userId: no user has id 99. The users are 1 (alice), 2 (carol), 3 (root).`,
    )
    expect(output).toContain(`Invalid scenario ${fixture('missing-scenario.json')}:\n  - (root): cannot read the file (ENOENT)`)
    expect(output).toContain(`Invalid scenario ${fixture('bad-world.json')}:`)
    expect(output).toContain('3 of 3 scenario files invalid.')
  })

  // The schema's problems, the patch's and the names the world lacks, in one run: fixing one set
  // must not reveal another. A key the patch adds (sk-ci) is not a second mistake.
  it('reports every problem of a file at once, and where they depend on the world, says --world checks another', async () => {
    const file = fixture('mistakes-scenario.json')
    const problems =
      `Invalid scenario ${file}:\n` +
      '  - rules[0].then.fial: unknown field. Did you mean "fail"?\n' +
      '  - world.tokens[0].userId: no user has id 99. The users are 1 (alice), 2 (carol), 3 (root).\n' +
      '  - rules[0].when.key: no API key "sk-team" in the world.\n'
    const hint =
      'Checked against the default world: for a scenario meant for a world of your own, add --world FILE to check it against that one.\n'
    expect(await say('scenarios', 'validate', file)).toEqual({ code: 5, output: `${problems}${hint}1 of 1 scenario file invalid.\n` })
    expect(await say('scenarios', 'validate', '--world', fixture('weather-world.json'), file)).toEqual({
      code: 5,
      output: `${problems}1 of 1 scenario file invalid.\n`,
    })
  })

  it('prints the JSON Schema', async () => {
    const { code, output } = await say('schema')
    expect(code).toBe(0)
    const schema = JSON.parse(output) as { $schema: string; properties: Record<string, unknown> }
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(schema.properties).toHaveProperty('rules')
    expect(output).toBe(readFileSync(schemaFile, 'utf8'))
  })

  it.each([
    [['scenarios'], 'llm-gateway-mock scenarios'],
    [['scenarios', 'validate'], 'llm-gateway-mock scenarios validate'],
    [['scenarios', 'frobnicate'], 'llm-gateway-mock scenarios'],
    [['--admin-token', ''], 'llm-gateway-mock'],
  ])("rejects %j with exit code 2, pointing at that command's help", async (args, command) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain(`Run "${command} --help" for usage.`)
  })

  it('serves with several --scenario, a built-in and a TypeScript file, applied in order', async () => {
    running = run('--port', '0', '--quiet', '--scenario', 'flaky-upstream', '--scenario', './test/fixtures/typed-scenario.ts')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(running.output()).toContain('Scenarios flaky-upstream (built-in), typed-scenario (./test/fixtures/typed-scenario.ts)\n')
    expect(running.output()).toMatch(/POST +\/__mock\/scenario /)
    expect(running.output()).toContain(
      'loopback clients only; with --admin-token or LLM_GATEWAY_MOCK_ADMIN_TOKEN, any client that sends the token',
    )

    const chat = () =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
      })
    expect((await chat()).status).toBe(503)
    expect((await chat()).status).toBe(503)
    const third = await chat()
    expect(third.status).toBe(200)
    expect(((await third.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
      'Hello from a typed scenario.',
    )

    const active = (await (await fetch(`${url}/__mock/scenario`)).json()) as { names: string[] }
    expect(active.names).toEqual(['flaky-upstream', 'typed-scenario'])
  })

  it.each([
    [
      ['--scenario', 'rate-limted'],
      ['Invalid scenario "rate-limted":', 'Did you mean "rate-limited"?'],
    ],
    [
      ['--scenario', fixture('typo-scenario.json')],
      [`Invalid scenario ${fixture('typo-scenario.json')}:`, 'rules[0].then.fail.code'],
    ],
    [['--scenario', fixture('unfit-scenario.json')], [`Invalid scenario ${fixture('unfit-scenario.json')} (scenario "unfit"):`]],
  ])('refuses an invalid --scenario with exit code 5: %j', async (args, messages) => {
    running = run(...args)
    expect(await running.exited).toBe(5)
    for (const message of messages) expect(running.output()).toContain(message)
    expect(running.output()).not.toMatch(/\n\s+at /)
  })

  it('takes --admin-token without printing it, and asks loopback clients for it too', async () => {
    running = run('--port', '0', '--quiet', '--admin-token', 'tok-s3cret')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(running.output()).toContain('every client, loopback too, must send the admin token: x-mock-admin-token header')
    expect(running.output()).not.toContain('tok-s3cret')
    expect((await fetch(`${url}/__mock/journal`)).status).toBe(404)
    expect((await fetch(`${url}/__mock/reset`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${url}/__mock/journal`, { headers: { 'x-mock-admin-token': 'tok-s3cret' } })).status).toBe(200)
    const reset = await fetch(`${url}/__mock/reset`, { method: 'POST', headers: { authorization: 'Bearer tok-s3cret' } })
    expect(await reset.json()).toEqual({ reset: true, names: [] })
  })
})
