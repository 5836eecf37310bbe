import { afterEach, describe, expect, it } from 'vitest'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { stopLikeAUser } from '../support/stop-like-a-user.ts'
import { bin, fixture, repo } from '../support/paths.ts'

const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+))/

describe('stopping the server', () => {
  const launched: CliProcess[] = []
  const launch = (command: string, args: string[], options?: { cwd?: string }) => {
    const cli = spawnCli(command, args, options)
    launched.push(cli)
    return cli
  }
  afterEach(async () => {
    await Promise.all(launched.splice(0).map((cli) => cli.stop('SIGKILL')))
  })

  // npm start runs its script through `sh -c`; the script execs node, so npm's signal reaches the server.
  // One signal proves the passing on: the server's handling of SIGTERM is proved below and of SIGINT
  // in binary.test.ts, and npm's SIGTERM to a packed install's script in test/package/tarball.test.ts.
  it.each(['SIGINT'] as const)(
    'npm start: %s to npm stops the server and leaves no process',
    async (signal) => {
      const cli = launch('npm', ['start', '--', '--port', '0', '--quiet'], { cwd: repo })
      const [, , port] = await cli.waitFor(listening, 30_000)
      const outcome = await stopLikeAUser(cli, Number(port), signal)
      expect(outcome).toEqual({ processes: outcome.processes, survivors: [], portFree: true })
      expect(outcome.processes).toBeGreaterThanOrEqual(2)
      await cli.exited
      expect(cli.output()).toContain(`${signal}: stopping`)
    },
    60_000,
  )

  it('stops on SIGTERM while a keep-alive connection idles, a request waits and a stream trickles', async () => {
    const cli = launch(process.execPath, [bin, '--port', '0', '--quiet', '--scenario', fixture('held-requests.json')])
    const [, url, port] = await cli.waitFor(listening)
    const chat = (model: string, stream: boolean) =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'Hello' }] }),
      })
    // fetch keeps the connection open for the next request.
    expect((await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })).status).toBe(200)
    const waiting = chat('gpt-4o', false).catch((error: unknown) => error)
    const streaming = await chat('gpt-4o-mini', true)
    const reader = streaming.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    const rest = (async () => {
      for (let chunk = 0; chunk < 1_000 && !(await reader.read()).done; chunk++);
    })().catch((error: unknown) => error)

    const outcome = await stopLikeAUser(cli, Number(port), 'SIGTERM', 5_000)
    expect(outcome).toEqual({ processes: 1, survivors: [], portFree: true })
    await cli.exited
    expect(cli.output()).toContain('SIGTERM: stopping')
    await Promise.all([waiting, rest])
  })

  // A test runner's timeout, or a user's kill -9, ends the launcher alone: the wrappers between it
  // and the server (npm, npx, `sh -c`, tsx) stay, and the server must notice all the same. npm and
  // the `sh -c` it keeps (a packed install's script) are in test/package/tarball.test.ts.
  it.each([
    ['npx tsx on the sources (npm, sh -c, tsx, node)', 'npx', ['--no-install', 'tsx', 'src/cli/bin.ts', '--port', '0', '--quiet']],
    ['a node script that spawns the bin', process.execPath, [fixture('launchers/spawn-bin.ts'), bin, '--port', '0', '--quiet']],
  ])(
    'SIGKILL to %s stops the server and frees the port',
    async (_, command, args) => {
      const cli = launch(command, args, { cwd: repo })
      const [, , port] = await cli.waitFor(listening, 30_000)
      const outcome = await stopLikeAUser(cli, Number(port), 'SIGKILL')
      expect(outcome).toEqual({ processes: outcome.processes, survivors: [], portFree: true })
      expect(outcome.processes).toBeGreaterThanOrEqual(2)
      await cli.exited
      expect(cli.output()).toContain('parent process exited: stopping')
    },
    60_000,
  )

  // `; :` keeps the shell from exec-ing node: it stays the server's parent, as npx's shell does,
  // and it passes no signal on.
  const underAShell = (...args: string[]) => launch('sh', ['-c', '"$0" "$@"; :', process.execPath, bin, '--port', '0', '--quiet', ...args])

  it('stops when the process that started it goes away without a word', async () => {
    const cli = underAShell()
    const [, , port] = await cli.waitFor(listening)
    const outcome = await stopLikeAUser(cli, Number(port), 'SIGKILL')
    expect(outcome).toEqual({ processes: 2, survivors: [], portFree: true })
    await cli.exited
    expect(cli.output()).toContain('parent process exited: stopping')
  })

  it('keeps running after its parent exits with --no-exit-with-parent', async () => {
    const cli = underAShell('--no-exit-with-parent')
    const [, url, port] = await cli.waitFor(listening)
    const outcome = await stopLikeAUser(cli, Number(port), 'SIGKILL', 1_000)
    expect(outcome.survivors).toHaveLength(1)
    expect(outcome.portFree).toBe(false)
    expect((await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })).status).toBe(200)
  })
})
