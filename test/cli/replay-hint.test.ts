import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../support/rejection.ts'
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts'
import { bin } from '../support/paths.ts'

// Issue 24 item 3, as a user follows it: record a team's new-api gateway (a second `serve
// --profile new-api` stands in for it), then run the commands the recorder's closing hint prints,
// as printed, the upstream gone after the import: the replay answers as the gateway did. Replayed
// in the default world instead, the refusal names the recording that would have answered.
const clientKey = 'sk-team-client-7d1e'
const houseStyle = "Our team's house style: short, plain and true."
const teamWorld = {
  extends: 'default',
  models: [{ id: 'team-writer', ownedBy: 'team', pricing: { ratio: 1 }, reply: { type: 'text', text: houseStyle } }],
  groups: [{ name: 'default', models: { add: ['team-writer'] } }],
  tokens: [{ key: clientKey, name: 'client', userId: 1, unlimitedQuota: true }],
}
const motto = { model: 'team-writer', messages: [{ role: 'user' as const, content: 'Our motto?' }] }

describe("record's closing hint, followed as printed", () => {
  const directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-replay-hint-'))
  const processes: CliProcess[] = []
  const cli = (args: string[], env: Record<string, string> = {}) => {
    const started = spawnCli(process.execPath, [bin, ...args], { cwd: directory, env })
    processes.push(started)
    return started
  }
  let upstream: CliProcess
  let upstreamUrl = ''
  let banner = ''
  let closing = ''
  let recordedText: string | null | undefined

  beforeAll(async () => {
    writeFileSync(join(directory, 'team-world.json'), JSON.stringify(teamWorld))
    upstream = cli(['--profile', 'new-api', '--port', '0', '--world', 'team-world.json', '--quiet'])
    ;[, upstreamUrl = ''] = await upstream.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const recorder = cli(['record', '--upstream', upstreamUrl, '--port', '0', '--out', 'recordings'])
    const [, url] = await recorder.waitFor(/recording on (http:\/\/127\.0\.0\.1:\d+)/)
    banner = recorder.output()
    const chat = await new OpenAI({ apiKey: clientKey, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create(motto)
    recordedText = chat.choices[0]?.message.content
    await recorder.stop('SIGTERM')
    closing = recorder.output().slice(banner.length)
  }, 90_000)
  afterAll(async () => {
    for (const started of processes) await started.stop('SIGKILL')
    rmSync(directory, { recursive: true, force: true })
  })

  it('names the world and the profile the replay needs, at the start and for this session at the end', () => {
    expect(recordedText).toBe(houseStyle)
    expect(banner).toContain('Replay it offline: llm-gateway-mock --replay recordings --world WORLD')
    expect(banner).toContain('add --profile new-api for a new-api upstream')
    expect(closing).toContain(
      "Replay it offline, in a world that knows your clients' keys and the models recorded (team-writer) (the default world refuses an unknown key, 401, and a model it lacks, 404):",
    )
    expect(closing).toContain(`\n  llm-gateway-mock import --upstream ${upstreamUrl} --keep-keys --out world.json\n`)
    expect(closing).toContain('\n  llm-gateway-mock --replay recordings --world world.json --profile new-api\n')
  })

  it('replays, offline, with the commands it printed', async () => {
    const [importCommand, replayCommand] = [...closing.matchAll(/^ {2}llm-gateway-mock (.+)$/gm)].map((match) => match[1]!.split(' '))
    const importing = cli(importCommand!, { LLM_GATEWAY_MOCK_UPSTREAM_KEY: clientKey })
    expect(await importing.exited, importing.output()).toBe(0)
    expect(importing.output()).toContain('Serve it: llm-gateway-mock --world world.json --profile new-api')
    await upstream.stop('SIGTERM')

    const replaying = cli([...replayCommand!, '--port', '0', '--replay-strict'])
    const [, url] = await replaying.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const chat = await new OpenAI({ apiKey: clientKey, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create(motto)
    expect(chat.choices[0]?.message.content).toBe(houseStyle)
    expect(await (await fetch(`${url}/__mock/replay`)).json()).toMatchObject({ unused: [], unmatched: [] })
  }, 60_000)

  it('names the recording when the default world refuses the recorded key', async () => {
    const replaying = cli(['--replay', 'recordings', '--port', '0'])
    const [, url] = await replaying.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    const refused = await rejection(new OpenAI({ apiKey: clientKey, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create(motto))
    expect(refused).toMatchObject({ status: 401 })
    expect((refused as Error).message).toMatch(
      /recording "recordings\/[^"]+\.json" #\d+ answers this request, but the world refused it first: it does not know the key\. Replay with a world that knows the key and the model "team-writer"/,
    )
  }, 60_000)
})
