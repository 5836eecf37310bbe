import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { stopLikeAUser } from '../support/stop-like-a-user.ts'
import { bin, fixture, inRepo } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])
// What a command says, without a process of its own (test/support/cli-in-process.ts); the process
// itself (exit codes, signals, the built bundle) is proved by the spawned cases.
const say = (...args: string[]) => runCliInProcess(args)

describe('the llm-gateway-mock binary', () => {
  let running: CliProcess | undefined
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it('serves by default on a free port, prints routes and keys, logs requests, and stops on SIGINT with its port freed', async () => {
    running = run('--port', '0')
    const [, url, port] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/)
    expect(running.output()).toMatch(/GET +\/v1beta\/models +Gemini-native list/)
    expect(running.output()).toMatch(/sk-limited\s+enabled\s+model-limited/)
    expect(running.output()).toContain('models: gpt-4o-mini, gemini-2.5-flash')
    expect(running.output()).toMatch(/at-alice\s+user alice/)

    const response = await fetch(`${url}/v1/models/gpt-4o`, { headers: { authorization: 'Bearer sk-limited' } })
    expect(response.status).toBe(200)
    await running.waitFor(/\d\d:\d\d:\d\d GET \/v1\/models\/gpt-4o gpt-4o 200 model_not_found sk-l… [\d.]+ms/)

    expect(await stopLikeAUser(running, Number(port), 'SIGINT')).toEqual({ processes: 1, survivors: [], portFree: true })
    expect(await running.exited).toBe(0)
    expect(running.output()).toContain('SIGINT: stopping')
  })

  it('takes the admin token from --admin-token or LLM_GATEWAY_MOCK_ADMIN_TOKEN, and never prints it', async () => {
    running = run('--port', '0')
    await running.waitFor(/listening on/)
    expect(running.output()).toContain(
      'Admin routes (loopback clients only; with --admin-token or LLM_GATEWAY_MOCK_ADMIN_TOKEN, any client that sends the token)',
    )
    running.child.kill('SIGKILL')

    for (const started of [
      run('--port', '0', '--admin-token', 's3cret-flag'),
      spawnCli(process.execPath, [bin, '--port', '0'], { env: { LLM_GATEWAY_MOCK_ADMIN_TOKEN: 's3cret-env' } }),
    ]) {
      running = started
      await running.waitFor(/listening on/)
      expect(running.output()).toContain('Admin routes (every client, loopback too, must send the admin token: x-mock-admin-token header)')
      expect(running.output()).not.toContain('s3cret')
      running.child.kill('SIGKILL')
    }
  })

  it('generates, logs usage and quota, and refuses bodies over --max-body-mb with 413', async () => {
    running = run('--port', '0', '--max-body-mb', '0.01')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(running.output()).toMatch(/POST +\/v1\/chat\/completions +OpenAI chat/)
    expect(running.output()).toMatch(/POST +\/v1\/responses +OpenAI Responses/)
    expect(running.output()).toMatch(/GET +\/v1\/responses\/\{id\} +a stored response/)
    const chat = (content: string) =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-vip', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }),
      })
    expect((await chat('Hello')).status).toBe(200)
    await running.waitFor(/POST \/v1\/chat\/completions gpt-4o 200 sk-v… \d+\+\d+ tok \d+u [\d.]+ms/)
    const tooBig = await chat('x'.repeat(20_000))
    expect(tooBig.status).toBe(413)
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toContain('limit of 10486 bytes')
  })

  it('refuses bodies nested deeper than --max-body-depth with 400, and an unusable depth with exit code 2', async () => {
    running = run('--port', '0', '--max-body-depth', '3', '--quiet')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const chat = (content: unknown) =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-vip', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }),
      })
    expect((await chat('Hello')).status).toBe(200)
    const tooDeep = await chat([{ type: 'text', text: 'Hello' }])
    expect(tooDeep.status).toBe(400)
    expect(((await tooDeep.json()) as { error: { message: string } }).error.message).toContain(
      'at messages[0].content: the gateway accepts at most 3 levels',
    )

    const refused = await say('--max-body-depth', '0')
    expect(refused.code).toBe(2)
    expect(refused.output).toContain('--max-body-depth must be an integer from 1 to 1000, got 0')
  })

  it('answers a port in use with one line and exit code 4', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      running = run('--port', String(port))
      expect(await running.exited).toBe(4)
      expect(running.output().trim()).toBe(
        `llm-gateway-mock: port ${port} is already in use on 127.0.0.1 (pick another with --port, or --port 0 for any free port)`,
      )
    } finally {
      blocker.close()
    }
  })

  it('keeps the last --journal-limit requests in GET /__mock/journal', async () => {
    running = run('--port', '0', '--quiet', '--journal-limit', '2')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    for (const key of ['sk-limited', 'sk-vip', 'sk-auto']) await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    const { entries } = (await (await fetch(`${url}/__mock/journal`)).json()) as { entries: { key: string }[] }
    expect(entries.map((entry) => entry.key)).toEqual(['sk-v…', 'sk-a…'])
  })

  it('keeps the last --journal-details requests in detail, and prints the inspector in the banner', async () => {
    running = run('--port', '0', '--quiet', '--journal-details', '1')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(running.output()).toContain(`Inspector ${url}/__mock/ (every request live, why it was answered so`)
    for (const key of ['sk-limited', 'sk-vip']) await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    const { entries } = (await (await fetch(`${url}/__mock/journal`)).json()) as { entries: { requestId: string }[] }
    const statuses = await Promise.all(entries.map(async (entry) => (await fetch(`${url}/__mock/journal/${entry.requestId}`)).status))
    expect(statuses).toEqual([404, 200])
    expect((await fetch(`${url}/__mock/`)).headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('serves a world file given with --world', async () => {
    running = run('serve', '--port', '0', '--world', fixture('typed-world.ts'), '--quiet')
    const [, url] = await running.waitFor(/listening on (http:\/\/[\d.:]+)/)
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-typed' } })
    expect(((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toContain('unpriced-model')
  })

  it('rejects an invalid world file with exit code 3, naming the file and the path', async () => {
    running = run('--world', fixture('bad-world.json'))
    expect(await running.exited).toBe(3)
    expect(running.output()).toContain(`Invalid world ${fixture('bad-world.json')}:`)
    expect(running.output()).toContain('tokens[0].userId: no user has id 9. The users are 1 (alice), 2 (carol), 3 (root).')
    expect(running.output()).not.toMatch(/\n\s+at /)
  })

  it.each([
    ['--bogus'],
    ['--port', '70000'],
    ['frobnicate'],
    ['--journal-limit', '0'],
    ['--journal-limit', '1.5'],
    ['--journal-details', '-1'],
  ])('rejects %s with exit code 2', async (...args) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain('Run "llm-gateway-mock --help" for usage.')
  })

  it('ends the process with exit code 2 on a usage mistake, the hint on stderr', async () => {
    running = run('--bogus')
    expect(await running.exited).toBe(2)
    expect(running.output()).toBe('Unknown argument: --bogus\nRun "llm-gateway-mock --help" for usage.\n')
  })

  it.each([
    [['keys', '--nope'], 'keys'],
    [['serve', '--bogus'], 'serve'],
    [['record', '--upstream', 'http://127.0.0.1:1', '--bogus'], 'record'],
    [['record', '--bogus'], 'record'],
    [['import'], 'import'],
    [['import', '--upstream', 'http://127.0.0.1:1'], 'import'],
    [['scenarios'], 'scenarios'],
    [['scenarios', 'frobnicate'], 'scenarios'],
    [['scenarios', 'validate'], 'scenarios validate'],
    [['scenarios', 'validate', 'x.json', '--bogus'], 'scenarios validate'],
    [['scenarios', 'list', '--bogus'], 'scenarios list'],
    [['schema', 'world', '--bogus'], 'schema'],
  ])("points a mistake in %j at that command's help, with exit code 2", async (args, command) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toMatch(new RegExp(`\\nRun "llm-gateway-mock ${command} --help" for usage\\.\\n$`))
  })

  it.each([
    [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
    [['--port='], '--port must be an integer from 0 to 65535, got no value'],
    [['--port', '1', '--port', '2'], '--port was given 2 times (1, 2): give it once'],
    [['--max-body-mb', 'lots'], '--max-body-mb must be a positive number, got "lots"'],
    [['--journal-limit', 'ten'], '--journal-limit must be a positive integer, got "ten"'],
    [['--journal-details', 'all'], '--journal-details must be a non-negative integer, got "all"'],
  ])('says what %j gave and what the flag expects, with exit code 2', async (args, message) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain(`${message}\nRun "llm-gateway-mock --help" for usage.`)
  })

  it.each([
    [['--world'], 'llm-gateway-mock'],
    [['keys', '--world'], 'llm-gateway-mock keys'],
    [['scenarios', 'validate', 'x.json', '--world'], 'llm-gateway-mock scenarios validate'],
    [['--host'], 'llm-gateway-mock'],
    [['--port'], 'llm-gateway-mock'],
  ])('refuses a flag without its value, %j, as a usage error (exit code 2)', async (args, command) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain(`${args.at(-1)} needs a value.\nRun "${command} --help" for usage.`)
  })

  it.each([
    [['scenario', 'list'], 'llm-gateway-mock scenarios list'],
    [['scenarios', 'lst', '--json'], 'llm-gateway-mock scenarios list --json'],
    [['kyes', '--json'], 'llm-gateway-mock keys --json'],
  ])('suggests the command %j was meant to be', async (args, suggestion) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain(`Did you mean: ${suggestion}\n`)
  })

  it.each([
    [['--porte', '0'], '--porte', 'llm-gateway-mock --port 0', ''],
    [['serve', '--quite', '--port=0'], '--quite', 'llm-gateway-mock serve --quiet --port=0', ' serve'],
    [['--max-body-mbb', '2'], '--max-body-mbb', 'llm-gateway-mock --max-body-mb 2', ''],
    [['--no-exit-with-parnet'], '--no-exit-with-parnet', 'llm-gateway-mock --no-exit-with-parent', ''],
    [['keys', '--jsn'], '--jsn', 'llm-gateway-mock keys --json', ' keys'],
    [['scenarios', 'list', '--jsno'], '--jsno', 'llm-gateway-mock scenarios list --json', ' scenarios list'],
    [
      ['scenarios', 'validate', 'a.json', '--wrld', 'w.json'],
      '--wrld',
      'llm-gateway-mock scenarios validate a.json --world w.json',
      ' scenarios validate',
    ],
    [['schema', 'world', '--outt=f.json'], '--outt', 'llm-gateway-mock schema world --out=f.json', ' schema'],
  ])('suggests the flag %j was meant to have, for each command', async (args, unknown, suggestion, command) => {
    const { code, output } = await say(...args)
    expect(code).toBe(2)
    expect(output).toContain(
      `Unknown argument: ${unknown}\nDid you mean: ${suggestion}\nRun "llm-gateway-mock${command} --help" for usage.`,
    )
  })

  it('shows the files of scenarios validate as required, without an empty default', async () => {
    const { code, output } = await say('scenarios', 'validate', '--help')
    expect(code).toBe(0)
    expect(output).toMatch(/files +One or more scenario files \(\.json or \.ts\) +\[array\] \[required\]\n/)
  })

  it('fits its help, examples included, in 80 columns (COLUMNS when not a terminal)', async () => {
    const { code, output } = await runCliInProcess(['--help'], { COLUMNS: '80' })
    expect(code).toBe(0)
    const lines = output.trimEnd().split('\n')
    expect(lines.filter((line) => line.length > 80)).toEqual([])
    expect(lines).toContain('  Serve with two scenarios, applied in order:')
    expect(lines).toContain('    llm-gateway-mock --scenario flaky-upstream --scenario ./my-scenario.ts')
  })

  it('prints a usable URL when bound to all interfaces, and says it is', async () => {
    // The one server bound beyond loopback: what the flag does cannot be seen otherwise. Port 0, stopped at once.
    running = run('--host', '0.0.0.0', '--port', '0', '--quiet')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n {2}bound to all interfaces \(0\.0\.0\.0\);/)
    expect(running.output()).not.toContain('http://0.0.0.0')
    expect((await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-limited' } })).status).toBe(200)
  })

  it('says which world it serves', async () => {
    running = run('--port', '0', '--quiet')
    await running.waitFor(/listening on/)
    expect(running.output()).toContain('\nWorld the default world (--world FILE to serve another)\n')
    running.child.kill('SIGKILL')

    running = run('--port', '0', '--quiet', '--world', fixture('typed-world.ts'))
    await running.waitFor(/listening on/)
    expect(running.output()).toContain(`\nWorld ${fixture('typed-world.ts')}\n`)
  })

  it('prints the keys as JSON for scripts', async () => {
    const { code, output } = await say('keys', '--json')
    expect(code).toBe(0)
    const { keys, accessTokens, signIns } = JSON.parse(output) as {
      keys: { key: string; state: string; models: string[] }[]
      accessTokens: { token: string }[]
      signIns: unknown[]
    }
    expect(keys.find((key) => key.key === 'sk-expired')?.state).toBe('expired')
    expect(keys.find((key) => key.key === 'sk-limited')?.models).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(accessTokens.map((token) => token.token)).toEqual(['at-alice', 'at-carol'])
    // The default world's passwords are documented, so they are printed (checked against the hashes the world keeps).
    expect(signIns).toEqual([
      { username: 'alice', userId: 1, role: 'user', status: 'enabled', hasPassword: true, password: 'alice-pass', accessToken: 'at-alice' },
      { username: 'carol', userId: 2, role: 'user', status: 'enabled', hasPassword: true, password: 'carol-pass', accessToken: 'at-carol' },
      { username: 'root', userId: 3, role: 'root', status: 'enabled', hasPassword: true, password: '123456', accessToken: null },
    ])
  })

  it("prints each user's sign-in, and how a user without an access token gets one", async () => {
    const { code, output } = await say('keys')
    expect(code).toBe(0)
    const lines = output.split('\n')
    const at = lines.findIndex((line) => line === 'Sign-ins (POST /api/user/login)')
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '  alice  password alice-pass    user; access token at-alice',
      '  carol  password carol-pass    user; access token at-carol',
      '  root   password 123456        root; no access token: sign in, then GET /api/user/token',
    ])
  })

  it('names the models each key cannot see for lack of pricing', async () => {
    const { code, output } = await say('keys', '--world', fixture('unpriced-world.json'))
    expect(code).toBe(0)
    const lines = output.split('\n')
    const at = lines.findIndex((line) => line.includes('sk-unrestricted'))
    expect(lines[at + 1]).toMatch(
      /models: gpt-4o-mini, gpt-4o, claude-sonnet-4-6, gemini-2\.5-flash, small-context-4k, text-embedding-3-small, text-embedding-3-large, gemini-embedding-001, gpt-3\.5-turbo-instruct, dall-e-3, dall-e-2, dall-e, tts-1, whisper-1, omni-moderation-latest, text-moderation-stable, jina-reranker-v2-base-multilingual, gpt-realtime, priced-by-default$/,
    )
    expect(lines[at + 2]).toMatch(
      /hidden: unpriced-model, house-model \(no pricing: set their "pricing", or turn on settings\.selfUseMode\)$/,
    )
  })

  it('prints help and the package version', async () => {
    const { code, output } = await say('--help')
    expect(code).toBe(0)
    expect(output).toContain('llm-gateway-mock keys')
    const help = output.replace(/\s+/g, ' ')
    expect(help).toContain('--admin-token Every client of /__mock/*, loopback included, must send this token')
    expect(help).toContain('without it only loopback clients may use them')
    expect(help).toContain('--exit-with-parent Stop when the process that started the server exits')
    expect(help).toContain('--journal-limit How many requests the journal')
    expect(help).toContain('--journal-details How many of the latest requests keep their bodies and stream frames for the inspector')
    expect(output).toMatch(/--max-body-depth\s+Request bodies nested deeper than this many levels/)
    // The bundle's own version, from the process.
    running = run('--version')
    expect(await running.exited).toBe(0)
    const pkg = JSON.parse(readFileSync(inRepo('package.json'), 'utf8')) as { version: string }
    expect(running.output().trim()).toBe(pkg.version)
  })
})
