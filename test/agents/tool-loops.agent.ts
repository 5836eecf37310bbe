// Each coding agent, unmodified and given only a base URL, a key and `anyModel`, against the
// gateway: a plain prompt answered with text, and a tool loop driven by two content-matched steps
// with the client's side calls ignored. Opt-in (`npm run test:agents`): it installs the clients.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createGateway, type ScenarioSpec } from '../../src/index.ts'
import { startServer } from '../../src/node/index.ts'
import { clients, type AgentClient } from './clients.ts'
import { clientBin } from './install-clients.ts'
import { runClient } from './run-client.ts'

const key = 'sk-unrestricted'
const profiles = ['spec', 'new-api'] as const

let cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

/** A throwaway HOME and working folder: the clients execute the tool calls they get. */
function folders(): { home: string; work: string } {
  const root = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-agent-'))
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))
  const home = join(root, 'home')
  const work = join(root, 'work')
  mkdirSync(home)
  mkdirSync(work)
  return { home, work }
}

/** Serves `scenario` to `client` under `profile` and runs the client once on `prompt`. */
async function drive(client: AgentClient, profile: (typeof profiles)[number], scenario: (work: string) => ScenarioSpec, prompt: string) {
  const { home, work } = folders()
  const gateway = await createGateway({ profile, anyModel: client.anyModel, scenarios: [scenario(work)] })
  const server = await startServer(gateway, { port: 0 })
  cleanups.push(() => server.close())
  const env = { HOME: home, ...client.configure({ baseUrl: server.url, key, home, work }) }
  const result = await runClient(clientBin(client.bin), client.args(prompt), { cwd: work, env, timeoutMs: 180_000 })
  return { gateway, work, code: result.code, output: `${result.stdout}\n${result.stderr}` }
}

describe.each(clients)('$name $version', (client) => {
  describe.each(profiles)('profile %s', (profile) => {
    test('answers a plain prompt with text and runs no tool', async () => {
      const { gateway, code, output } = await drive(
        client,
        profile,
        () => ({
          name: 'plain prompt',
          strict: true,
          ignore: client.ignore ?? [],
          steps: [{ when: { message: '/say hello/i', toolResult: false }, then: { reply: { text: 'Hello from the gateway mock.' } } }],
        }),
        'Say hello in one sentence.',
      )
      expect(output).toContain('Hello from the gateway mock.')
      expect(code, output).toBe(0)
      gateway.scenario.assertDone()
    })

    test('drives one tool loop: a tool call when asked, then text once its result is back', async () => {
      const { gateway, work, code, output } = await drive(
        client,
        profile,
        (work) => ({
          name: 'tool loop',
          strict: true,
          ignore: client.ignore ?? [],
          steps: [
            {
              name: 'write the file',
              when: { message: '/create the file note\\.txt/i', toolResult: false },
              then: { reply: { toolCalls: [client.writeCall(work, 'note.txt', 'written by the mock')] } },
            },
            { name: 'answer', when: { toolResult: true }, then: { reply: { text: 'Done: note.txt is written.' } } },
          ],
        }),
        'Create the file note.txt that says "written by the mock".',
      )
      expect(existsSync(join(work, 'note.txt')), output).toBe(true)
      expect(readFileSync(join(work, 'note.txt'), 'utf8')).toContain('written by the mock')
      expect(output).toContain('Done: note.txt is written.')
      expect(code, output).toBe(0)
      gateway.scenario.assertDone()
      const handshakes = gateway.journal.entries.filter(
        (entry) => entry.method === 'GET' && entry.path === '/v1/responses' && entry.status === 101,
      )
      expect(handshakes.length > 0).toBe(client.websocket === true)
    })
  })
})
