import { jsonSchemaText } from '../../src/schema/json-schema-file.ts'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { recordingJsonSchema } from '../../src/gateway/recording-format.ts'
import { chatExchange, recording } from '../support/recordings.ts'
import { runCliInProcess } from '../support/cli-in-process.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin, inRepo } from '../support/paths.ts'

const run = (...args: string[]) => spawnCli(process.execPath, [bin, ...args])

describe('llm-gateway-mock record and serve --replay, as commands', () => {
  let running: CliProcess | undefined
  let directory = ''
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cli-record-'))
  })
  afterAll(() => rmSync(directory, { recursive: true, force: true }))
  afterEach(async () => {
    await running?.stop('SIGKILL')
    running = undefined
  })

  it.each([
    [
      ['record', '--upstream', 'http://127.0.0.1:1', '--host', '0.0.0.0'],
      /Unknown argument: --host\nRun "llm-gateway-mock record --help" for usage\./,
    ],
    [['record'], /Missing required argument: upstream/],
    [
      ['record', '--upstream', 'http://127.0.0.1:1', '--redact', '(unclosed'],
      /--redact must be a regular expression: Invalid regular expression/,
    ],
    [['record', '--upstream', 'http://127.0.0.1:1', '--redact', 'x*'], /--redact "x\*" matches empty text/],
    [['record', '--upstream', 'http://admin:pa55word@127.0.0.1:1'], /the upstream URL must not carry credentials/],
    [['record', '--upstream', 'ftp://127.0.0.1'], /the upstream must be an http or https URL/],
    [['record', '--upstream', 'http://127.0.0.1:1', '--upstream-key', ' '], /--upstream-key must be an API key of the upstream, got " "/],
    [['--replay-speed', '-1'], /--replay-speed must be a number of 0 or more, got -1/],
    [['--replay-strict'], /--replay-strict applies to recordings replayed: give them with --replay DIR \(or FILE\)/],
    [['--port', '0', '--replay-speed', '0'], /--replay-speed applies to recordings replayed: give them with --replay DIR \(or FILE\)/],
    [
      ['record', '--upstream', 'https://gw.example.test/v1'],
      /the upstream must be the gateway's base URL without \/v1 .*: give https:\/\/gw\.example\.test/,
    ],
  ])('refuses %j with exit code 2 (record listens on loopback only: it has no --host)', async (args, message) => {
    // In the test's process (test/support/cli-in-process.ts): the refusals below prove the process's exit codes.
    const { code, output } = await runCliInProcess(args)
    expect(code).toBe(2)
    expect(output).toMatch(message)
    expect(output).not.toContain('pa55word')
  })

  it.runIf(existsSync('/proc/self'))('refuses an --out under /proc with exit code 2 and a reason, rather than spinning', async () => {
    running = run('record', '--upstream', 'http://127.0.0.1:1', '--port', '0', '--out', '/proc/forbidden')
    expect(await running.exited).toBe(2)
    expect(running.output()).toMatch(/^llm-gateway-mock record: cannot write recordings into \/proc\/forbidden: ENOENT/m)
  })

  it.each([
    [['--upstream-key', 'sk-from-the-flag'], {}, '--upstream-key'],
    [[], { LLM_GATEWAY_MOCK_UPSTREAM_KEY: 'sk-from-the-environment' }, 'LLM_GATEWAY_MOCK_UPSTREAM_KEY'],
  ])('names where the upstream key came from in its banner (%j, %j)', async (flags, env, source) => {
    const out = join(directory, 'key-source')
    running = spawnCli(process.execPath, [bin, 'record', '--upstream', 'http://127.0.0.1:1', '--port', '0', '--out', out, ...flags], {
      env,
    })
    await running.waitFor(/Ctrl-C or SIGTERM stops recording/)
    expect(running.output()).toContain(`the upstream key (${source}) goes to the upstream in place of the client's, and into no file`)
    expect(running.output()).not.toContain('sk-from-the')
  })

  it('refuses recordings it cannot replay with exit code 8, naming the file and the path in it', async () => {
    const bad = join(directory, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        version: 1,
        exchanges: [{ ...chatExchange(1, 'Hi', { text: 'x' }), response: { status: 200, reply: { text: 'x', finishReason: 'done' } } }],
      }),
    )
    running = run('--port', '0', '--replay', bad)
    expect(await running.exited).toBe(8)
    expect(running.output()).toContain(
      `Invalid recording ${bad}:\n  - exchanges[0].response.reply.finishReason: "done" is not one of "stop", "length", "tool_calls".`,
    )

    running = run('--port', '0', '--replay', join(directory, 'missing'))
    expect(await running.exited).toBe(8)
    expect(running.output()).toContain(`Invalid recording ${join(directory, 'missing')}:\n  - (root): cannot read it (ENOENT)`)
  })

  it('refuses a recording whose kept body nests too deep with exit code 8, naming the file and where, not a stack overflow', async () => {
    let nested: unknown = 'end'
    for (let level = 0; level < 2500; level++) nested = [nested]
    const deep = join(directory, 'deep.json')
    writeFileSync(
      deep,
      JSON.stringify({
        version: 1,
        exchanges: [
          {
            id: 1,
            surface: 'openai',
            route: 'openai.list_models',
            method: 'GET',
            path: '/v1/models',
            response: { status: 200, body: nested },
          },
        ],
      }),
    )
    running = run('--port', '0', '--replay', deep)
    expect(await running.exited).toBe(8)
    expect(running.output()).toContain(
      `Invalid recording ${deep}:\n  - exchanges[0].response.body[0][0][0][0]…[0][0][0][0]: nests deeper than 1004 levels of objects and arrays`,
    )
    expect(running.output()).not.toMatch(/RangeError|\n\s+at /)
  })

  it('serves a directory of recordings, says so in its banner, and names the recording on the log line', async () => {
    const replays = join(directory, 'replays')
    mkdirSync(replays, { recursive: true })
    writeFileSync(join(replays, 'a.json'), JSON.stringify(recording([chatExchange(1, 'Hi', { text: 'Recorded hi.' })])))
    running = run('--port', '0', '--replay', replays, '--replay-strict')
    const [, url] = await running.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(running.output()).toContain(`Replay 1 recorded exchange from 1 file (${join(replays, 'a.json')})`)
    expect(running.output()).toContain('a request no recording matches gets 400 replay_mismatch naming the nearest recordings')
    const answer = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    expect(((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('Recorded hi.')
    await running.waitFor(
      new RegExp(
        `POST /v1/chat/completions gpt-4o-mini 200 .*\\(recording "${join(replays, 'a.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" #1\\)`,
      ),
    )
  })

  it('prints the recording format with schema recording, as schemas/recording.schema.json ships it', async () => {
    expect(readFileSync(inRepo('schemas/recording.schema.json'), 'utf8')).toBe(jsonSchemaText(recordingJsonSchema()))
    expect(await runCliInProcess(['schema', 'recording'])).toEqual({ code: 0, output: jsonSchemaText(recordingJsonSchema()) })
  })
  describe('stopping, in front of an upstream that streams slowly', () => {
    let slow: Server
    let slowUrl = ''
    const frames = 12
    beforeAll(async () => {
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      slow = createServer((req, res) => {
        req.resume()
        req.on('end', () => {
          if (req.url !== '/v1/chat/completions') {
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}')
            return
          }
          res.writeHead(200, { 'content-type': 'text/event-stream' })
          let sent = 0
          const timer = setInterval(() => {
            if (res.destroyed) return clearInterval(timer)
            if (sent < frames) res.write(chunk({ content: `w${sent} ` }))
            else {
              clearInterval(timer)
              res.end(chunk({}, 'stop') + 'data: [DONE]\n\n')
            }
            sent += 1
          }, 100)
        })
      })
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
      slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`
    })
    afterAll(async () => {
      slow.closeAllConnections()
      await new Promise((resolve) => slow.close(resolve))
    })

    const startRecording = async (out: string) => {
      running = run('record', '--upstream', slowUrl, '--port', '0', '--out', out)
      const [, url] = await running.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)
      return url!
    }
    const streamFrom = async (url: string) => {
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Slowly' }] }),
      })
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      while (!text.includes('w0 ')) text += (await reader.read()).value ?? ''
      return {
        async rest() {
          for (let piece = await reader.read(); !piece.done; piece = await reader.read()) text += piece.value
          return text
        },
      }
    }

    it('lets a stream under way finish on SIGTERM, records it, and exits 0', async () => {
      const out = join(directory, 'graceful')
      const stream = await streamFrom(await startRecording(out))
      running!.child.kill('SIGTERM')
      const text = await stream.rest()
      expect(text).toContain(`w${frames - 1} `)
      expect(text).toContain('data: [DONE]')
      expect(await running!.exited).toBe(0)
      expect(running!.output()).toMatch(/Recorded 1 exchange into /)
      const [name] = readdirSync(out)
      const recorded = JSON.parse(readFileSync(join(out, name!), 'utf8')) as { exchanges: { response: { frames: unknown[] } }[] }
      expect(recorded.exchanges[0]!.response.frames).toHaveLength(frames + 2)
    })

    it('cuts it on a second signal', async () => {
      const stream = await streamFrom(await startRecording(join(directory, 'forced')))
      running!.child.kill('SIGTERM')
      await running!.waitFor(/stopping/)
      running!.child.kill('SIGTERM')
      await expect(stream.rest()).rejects.toThrow()
      expect(await running!.exited).toBe(0)
      expect(running!.output()).toContain('not recorded: the upstream cut the stream short')
    })

    it('refuses an --out it cannot write with exit code 2, and exits 9 when the last write fails', async () => {
      writeFileSync(join(directory, 'not-a-directory'), '')
      running = run('record', '--upstream', slowUrl, '--port', '0', '--out', join(directory, 'not-a-directory', 'recordings'))
      expect(await running.exited).toBe(2)
      expect(running.output()).toMatch(/^llm-gateway-mock record: cannot write recordings into .*not-a-directory\/recordings: ENOTDIR/m)

      const out = join(directory, 'vanishing')
      const url = await startRecording(out)
      rmSync(out, { recursive: true, force: true })
      await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' } })
      await running!.waitFor(/GET \/v1\/models 200 .* not written yet: cannot write /)
      running!.child.kill('SIGTERM')
      expect(await running!.exited).toBe(9)
      expect(running!.output()).toMatch(/llm-gateway-mock record: cannot write .* \(ENOENT: .*\): it holds the 0 exchanges written before/)
      expect(existsSync(out)).toBe(false)
    })
  })
})
