import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

const execute = promisify(execFile)

describe('serve --tls, and record against a TLS upstream, as commands', () => {
  let directory = ''
  let tlsDirectory = ''
  let upstream: CliProcess
  let upstreamUrl = ''
  let caFile = ''
  const started: CliProcess[] = []
  // The local CA goes into a folder of this file's, not the user's cache; no machine-wide extra CAs.
  const run = (...args: string[]) => {
    const cli = spawnCli(process.execPath, [bin, ...args], { env: { LLM_GATEWAY_MOCK_TLS_DIR: tlsDirectory, NODE_EXTRA_CA_CERTS: '' } })
    started.push(cli)
    return cli
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cli-tls-'))
    tlsDirectory = join(directory, 'tls')
    upstream = run('--tls', '--port', '0', '--quiet')
    ;[, upstreamUrl] = (await upstream.waitFor(/listening on (https:\/\/127\.0\.0\.1:\d+)/, 30_000)) as [string, string]
    ;[, caFile] = (await upstream.waitFor(/NODE_EXTRA_CA_CERTS=(\S+)/)) as [string, string]
  })
  afterAll(async () => {
    for (const cli of started) await cli.stop('SIGKILL')
    rmSync(directory, { recursive: true, force: true })
  })

  it('prints the https:// and wss:// URLs, the CA file and the NODE_EXTRA_CA_CERTS line that makes Node trust it', async () => {
    const port = upstreamUrl.split(':').at(-1)
    expect(caFile).toBe(join(tlsDirectory, 'ca.pem'))
    const banner = upstream.output()
    expect(banner).toContain(`signed by the local CA ${caFile}`)
    expect(banner).toContain(`WebSockets at wss://127.0.0.1:${port}/v1/realtime, wss://127.0.0.1:${port}/v1/responses`)
    expect(banner).toContain(`Inspector https://127.0.0.1:${port}/__mock/`)
    expect(banner).toContain(`the OpenAI SDK and @ai-sdk/openai baseURL https://127.0.0.1:${port}/v1`)
    // The line works as printed: a Node client started with it is served, one without refuses the certificate.
    const script = `fetch(${JSON.stringify(`${upstreamUrl}/v1/models`)}, { headers: { authorization: 'Bearer sk-unrestricted' } }).then((r) => console.log(r.status), (e) => console.log(String(e.cause?.code ?? e)))`
    const trusting = await execute(process.execPath, ['-e', script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile } })
    expect(trusting.stdout.trim()).toBe('200')
    const untrusting = await execute(process.execPath, ['-e', script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: '' } })
    expect(untrusting.stdout.trim()).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE')
  })

  it('reuses the CA it made on the next start', async () => {
    const ca = readFileSync(caFile, 'utf8')
    const again = run('--tls', '--port', '0', '--quiet')
    await again.waitFor(/listening on https:/, 30_000)
    expect(again.output()).toContain(`NODE_EXTRA_CA_CERTS=${caFile}`)
    expect(readFileSync(caFile, 'utf8')).toBe(ca)
    await again.stop()
  })

  it('serves your own certificate with --tls-cert and --tls-key', async () => {
    const own = run('--tls-cert', join(tlsDirectory, 'cert.pem'), '--tls-key', join(tlsDirectory, 'key.pem'), '--port', '0', '--quiet')
    const [, url] = (await own.waitFor(/listening on (https:\/\/127\.0\.0\.1:\d+)/, 30_000)) as [string, string]
    expect(own.output()).toContain('HTTPS and WSS with your certificate (--tls-cert)')
    const socket = new WebSocket(`${url.replace(/^https:/, 'wss:')}/v1/realtime?model=gpt-realtime`, {
      ca: readFileSync(caFile, 'utf8'),
      headers: { authorization: 'Bearer sk-unrestricted' },
    })
    const first = await new Promise<any>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
    expect(first.type).toBe('session.created')
    socket.close()
    await own.stop()
  })

  it('records a TLS upstream whose CA is given with --upstream-ca, WebSockets tunnelled too', async () => {
    const out = join(directory, 'recordings')
    const recorder = run('record', '--upstream', upstreamUrl, '--upstream-ca', caFile, '--port', '0', '--out', out)
    const [, url] = (await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)) as [string, string]
    expect(recorder.output()).toContain(`forwarding to ${upstreamUrl} (trusting the CA in ${caFile})`)
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Recorded over TLS' }] }),
    })
    expect(response.status).toBe(200)
    await recorder.waitFor(/POST \/v1\/chat\/completions gpt-4o-mini 200 .*recorded #1/)
    const socket = new WebSocket(`${url.replace(/^http:/, 'ws:')}/v1/realtime?model=gpt-realtime`, {
      headers: { authorization: 'Bearer sk-unrestricted' },
    })
    const first = await new Promise<any>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))))
    expect(first.type).toBe('session.created')
    socket.close()
    expect(await recorder.stop()).toBe(0)
    const [name] = readdirSync(out)
    const recorded = JSON.parse(readFileSync(join(out, name!), 'utf8'))
    expect(recorded.upstream).toBe(upstreamUrl)
    expect(recorded.exchanges).toHaveLength(1)
    expect(recorded.exchanges[0]).toMatchObject({ path: '/v1/chat/completions', response: { status: 200 } })
  })

  it('without --upstream-ca, the recorder answers 502 saying the certificate is not trusted and what to give', async () => {
    const recorder = run('record', '--upstream', upstreamUrl, '--port', '0', '--out', join(directory, 'untrusted'))
    const [, url] = (await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)) as [string, string]
    const response = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
    expect(response.status).toBe(502)
    expect((await response.json()).error.message).toContain(
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE: its certificate is signed by a CA Node does not trust; give that CA's certificate with --upstream-ca FILE",
    )
    await recorder.waitFor(
      /GET \/v1\/models .*not recorded: the upstream did not answer \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: .*--upstream-ca FILE/,
    )
    await recorder.stop()
  })

  it.each([
    [['--tls-cert', 'cert.pem'], /--tls-cert and --tls-key go together/],
    [['--tls-key', 'key.pem', '--tls'], /--tls-cert and --tls-key go together/],
    [
      ['--tls-cert', '/nonexistent/cert.pem', '--tls-key', '/nonexistent/key.pem'],
      /cannot read --tls-cert \/nonexistent\/cert\.pem: ENOENT/,
    ],
    [['--tls-cert', bin, '--tls-key', bin], /are not a PEM certificate and its private key/],
    [
      ['record', '--upstream', 'https://127.0.0.1:1', '--upstream-ca', '/nonexistent/ca.pem'],
      /cannot read --upstream-ca \/nonexistent\/ca\.pem: ENOENT/,
    ],
    [['record', '--upstream', 'https://127.0.0.1:1', '--upstream-ca', bin], /--upstream-ca .* is not a PEM certificate/],
  ])('refuses %j with exit code 2', async (args, message) => {
    // In the test's process: what the command decides, before it would listen (bin's exit code is
    // proved for a usage mistake in binary.test.ts).
    const { code, output } = await runCliInProcess([...args, '--port', '0'])
    expect(code).toBe(2)
    expect(output).toMatch(message)
  })

  it('lists the options in --help', async () => {
    // In the test's process (test/support/cli-in-process.ts): what the help says, not the process.
    expect((await runCliInProcess(['--help'])).output).toMatch(/--tls\b[\s\S]*--tls-cert[\s\S]*--tls-key/)
    expect((await runCliInProcess(['record', '--help'])).output).toContain('--upstream-ca')
  })
})
