import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, it } from 'vitest'
import { eitherMode, useHarness, type Harness } from '../../support/modes.ts'

// What Claude Code 2.1.332 sends to ANTHROPIC_BASE_URL (docs/agents.md): the beta path, its
// anthropic-beta list, a Bearer key (ANTHROPIC_AUTH_TOKEN), and a body with thinking,
// context_management, output_config, cache_control marks and its tools, streamed.
const claudeCodeHeaders = {
  authorization: 'Bearer sk-unrestricted',
  'anthropic-version': '2023-06-01',
  'anthropic-beta':
    'claude-code-20250219,interleaved-thinking-2025-05-14,context-management-2025-06-27,effort-2025-11-24,prompt-caching-scope-2026-01-05',
  'anthropic-dangerous-direct-browser-access': 'true',
  'x-app': 'cli',
  'user-agent': 'claude-cli/2.1.332 (external, cli)',
  'content-type': 'application/json',
}
const bash = {
  name: 'Bash',
  description: 'Executes a given bash command and returns its output.',
  input_schema: {
    type: 'object',
    properties: { command: { type: 'string', description: 'The command to execute' }, timeout: { type: 'number' } },
    required: ['command'],
    additionalProperties: false,
    $schema: 'http://json-schema.org/draft-07/schema#',
  },
}
const claudeCodeBody = (model: string, messages: object[]) => ({
  model,
  max_tokens: 32_000,
  stream: true,
  system: [
    { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude.", cache_control: { type: 'ephemeral' } },
    {
      type: 'text',
      text: 'You are an interactive agent that helps users with software engineering tasks.',
      cache_control: { type: 'ephemeral', ttl: '1h' },
    },
  ],
  messages,
  tools: [bash, { ...bash, name: 'Read', cache_control: { type: 'ephemeral' } }],
  tool_choice: { type: 'auto' },
  thinking: { type: 'enabled', budget_tokens: 31_999 },
  context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
  output_config: { effort: 'high' },
  metadata: { user_id: 'user_0123_account__session_4567' },
  temperature: 1,
})
const firstTurn = [
  {
    role: 'user',
    content: [
      { type: 'text', text: '<system-reminder>As you answer, use the context.</system-reminder>' },
      { type: 'text', text: 'Say hello', cache_control: { type: 'ephemeral' } },
    ],
  },
]
// A turn after a tool ran: Claude Code sends the model's thinking (with its signature) and tool call back.
const toolTurn = [
  { role: 'user', content: [{ type: 'text', text: 'List the files here' }] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'The user wants a listing.', signature: 'EqQBCkYIBxgCKkA' },
      { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'ls' } },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_01', content: 'README.md\nsrc', is_error: false, cache_control: { type: 'ephemeral' } },
    ],
  },
]

/** The SSE events of a streamed answer, parsed. */
async function events(response: Response): Promise<{ type: string; [field: string]: any }[]> {
  return (await response.text())
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)))
}

const post = (harness: Harness, body: object) =>
  fetch(`${harness.baseUrl}/v1/messages?beta=true`, { method: 'POST', headers: claudeCodeHeaders, body: JSON.stringify(body) })

describe.each(eitherMode)('Claude Code against /v1/messages ($name)', (mode) => {
  describe.each(['spec', 'new-api'] as const)('the %s profile, with --any-model', (profile) => {
    const harness = useHarness(mode, { profile, anyModel: 'claude-sonnet-4-6' })

    it('streams an answer to its exact first request, under the model name it asked for', async () => {
      const response = await post(harness, claudeCodeBody('claude-opus-5-5', firstTurn))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      const sent = await events(response)
      expect(sent[0]).toMatchObject({ type: 'message_start', message: { model: 'claude-opus-5-5', role: 'assistant' } })
      expect(sent.at(-1)).toMatchObject({ type: 'message_stop' })
      expect(sent.some((event) => event.type === 'content_block_delta')).toBe(true)
    })

    it('accepts a turn that sends back thinking blocks, a tool call and its result', async () => {
      const response = await post(harness, claudeCodeBody('claude-opus-5-5', toolTurn))
      expect(response.status).toBe(200)
      const sent = await events(response)
      expect(sent.at(-1)).toMatchObject({ type: 'message_stop' })
      const delta = sent.find((event) => event.type === 'message_delta')
      expect(delta!.usage.output_tokens).toBeGreaterThan(0)
    })
  })

  describe('the official SDK (client.beta.messages, with betas)', () => {
    const harness = useHarness(mode)
    const client = () => new Anthropic({ authToken: 'sk-unrestricted', apiKey: null, baseURL: harness.baseUrl, maxRetries: 0 })
    const params = {
      model: 'claude-sonnet-4-6',
      max_tokens: 2048,
      messages: [{ role: 'user' as const, content: 'Say hello' }],
      betas: ['interleaved-thinking-2025-05-14', 'context-management-2025-06-27', 'effort-2025-11-24'],
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      context_management: { edits: [{ type: 'clear_tool_uses_20250919' as const }] },
      output_config: { effort: 'high' as const },
    }

    it('answers create and stream', async () => {
      const message = await client().beta.messages.create(params)
      expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', stop_reason: 'end_turn' })
      expect(message.content.some((block) => block.type === 'text')).toBe(true)
      const streamed = await client().beta.messages.stream(params).finalMessage()
      expect(streamed.content.some((block) => block.type === 'text')).toBe(true)
      expect(harness.gateway.journal.entries.at(-1)).toMatchObject({ path: '/v1/messages', status: 200 })
    })
  })
})
