// What each coding agent really sends (captured from the pinned clients, test/fixtures/agents),
// replayed against the gateway in the test process: each request is answered, a greeting gets words and
// no tool call though tools are offered, and a script of two content-matched steps follows the
// conversation with the client's side calls ignored.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness } from '../support/modes.ts'
import { fixture } from '../support/paths.ts'
import { clients } from './clients.ts'

interface CapturedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}
interface Capture {
  client: string
  package: string
  version: string
  requests: CapturedRequest[]
}

const captures: Capture[] = readdirSync(fixture('agents'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(fixture(`agents/${name}`), 'utf8')) as Capture)

const key = 'sk-unrestricted'

/** The credential header each client sends, by the surface it calls (the captures keep none). */
function credential(url: string): Record<string, string> {
  if (url.startsWith('/v1/messages')) return { 'x-api-key': key }
  if (url.startsWith('/v1beta/')) return { 'x-goog-api-key': key }
  return { authorization: `Bearer ${key}` }
}

/** Whether an answer (JSON or a stream of events) calls a tool, in any surface's words. */
const callsATool = (text: string) => /"(tool_use|function_call|custom_tool_call)"|"tool_calls"\s*:\s*\[\s*\{|"functionCall"/.test(text)

const carriesToolResult = (request: CapturedRequest) =>
  /"(tool_result|function_call_output|custom_tool_call_output|functionResponse)"|"role"\s*:\s*"tool"/.test(JSON.stringify(request.body))

describe.each(eitherMode)('captured agent requests ($name)', (mode) => {
  describe.each(captures)('$package $version', (capture) => {
    const client = clients.find((candidate) => candidate.package === capture.package)!
    const harness = useHarness(mode, { anyModel: client.anyModel })
    const send = (request: CapturedRequest) =>
      fetch(`${harness.baseUrl}${request.url}`, {
        method: request.method,
        headers: { ...request.headers, ...credential(request.url) },
        body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
      })

    it('answers every request, and the greeting with words, not a tool call', async () => {
      await harness.gateway.useScenario()
      for (const request of capture.requests) {
        const response = await send(request)
        const text = await response.text()
        expect(response.status, `${request.url}: ${text.slice(0, 300)}`).toBe(200)
        expect(callsATool(text), `${request.url}: ${text.slice(0, 300)}`).toBe(false)
      }
    })

    it('follows a two-step script by content, its side calls ignored', async () => {
      const withResult = capture.requests.some(carriesToolResult)
      await harness.gateway.useScenario({
        name: `${capture.client} conversation`,
        strict: true,
        ignore: client.ignore ?? [],
        steps: [
          { name: 'greeting', when: { message: '/say hello/i', toolResult: false }, then: { reply: { text: 'Hello there.' } } },
          ...(withResult ? [{ name: 'after the tool', when: { toolResult: true }, then: { reply: { text: 'The tool is done.' } } }] : []),
        ],
      })
      for (const request of capture.requests) {
        const response = await send(request)
        expect(response.status, `${request.url}: ${(await response.clone().text()).slice(0, 300)}`).toBe(200)
        await response.arrayBuffer()
      }
      harness.gateway.scenario.assertDone()
    })
  })
})
