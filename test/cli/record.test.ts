import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { recordingJsonSchemaText } from '../../src/recording/recording-json-schema.ts'
import { chatExchange, recording } from '../support/recordings.ts'
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
      /Unknown argument: --host\nRun "llm-gateway-mock --help" for usage\./,
    ],
    [['record'], /Missing required argument: upstream/],
    [
      ['record', '--upstream', 'http://127.0.0.1:1', '--redact', '(unclosed'],
      /--redact must be a regular expression: Invalid regular expression/,
    ],
    [['record', '--upstream', 'http://127.0.0.1:1', '--redact', 'x*'], /--redact "x\*" matches empty text/],
    [['record', '--upstream', 'http://admin:pa55word@127.0.0.1:1'], /the upstream URL must not carry credentials/],
    [['record', '--upstream', 'ftp://127.0.0.1'], /the upstream must be an http or https URL/],
    [['--replay-speed', '-1'], /--replay-speed must be a number of 0 or more, got -1/],
  ])('refuses %j with exit code 2 (record listens on loopback only: it has no --host)', async (args, message) => {
    running = run(...args)
    expect(await running.exited).toBe(2)
    expect(running.output()).toMatch(message)
    expect(running.output()).not.toContain('pa55word')
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
      `Invalid recording ${bad}:\n  - exchanges[0].response.reply.finishReason: Invalid option: expected one of "stop"|"length"|"tool_calls"`,
    )

    running = run('--port', '0', '--replay', join(directory, 'missing'))
    expect(await running.exited).toBe(8)
    expect(running.output()).toContain(`Invalid recording ${join(directory, 'missing')}:\n  - (root): cannot read it (ENOENT)`)
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
    expect(readFileSync(inRepo('schemas/recording.schema.json'), 'utf8')).toBe(recordingJsonSchemaText())
    running = run('schema', 'recording')
    expect(await running.exited).toBe(0)
    expect(running.output()).toBe(recordingJsonSchemaText())
  })
})
