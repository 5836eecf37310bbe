import { describe, expect, it } from 'vitest'
import { messagesReader } from '../../src/surfaces/anthropic/messages/messages-recording.ts'
import { chatReader } from '../../src/surfaces/openai/chat/chat-recording.ts'
import type { SseEvent } from '../../src/recording/sse-frames.ts'

// How a recorded answer collapses into a reply, on the wire formats alone: what the recorder keeps
// and the replay plays back. test/recording/record.test.ts and replay.test.ts cover the same
// through a recorder in front of an upstream and through the SDKs.

const data = (...chunks: unknown[]): SseEvent[] =>
  chunks.map((chunk) => ({ data: typeof chunk === 'string' ? chunk : JSON.stringify(chunk) }))
const chunk = (delta: Record<string, unknown>, finish: string | null = null, more: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...more,
})

describe('an OpenAI chat stream', () => {
  it('joins content, reasoning and tool-call pieces into one reply, with its usage; [DONE] completes it', () => {
    const collapsed = chatReader.stream!(
      data(
        chunk({ role: 'assistant', content: '' }),
        chunk({ reasoning_content: 'Think' }),
        chunk({ reasoning_content: 'ing.' }),
        chunk({ content: 'Hel' }),
        chunk({ content: 'lo' }),
        chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'get_weather', arguments: '{"ci' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }),
        chunk({}, 'tool_calls'),
        { id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7 } },
        '[DONE]',
      ),
    )
    expect(collapsed.complete).toBe(true)
    expect(collapsed.reply).toEqual({
      id: 'chatcmpl-1',
      text: 'Hello',
      reasoning: 'Thinking.',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' } }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 12, completionTokens: 7 },
    })
    // How far into the content each event had spelled: the replay's pace follows it.
    expect(collapsed.progress.slice(0, 6)).toEqual([0, 0, 0, 3, 5, 20])
  })

  it('a stream cut before [DONE] is not complete; an error event says why it failed', () => {
    expect(chatReader.stream!(data(chunk({ content: 'Hi' }))).complete).toBe(false)
    const failed = chatReader.stream!(data(chunk({ content: 'Hi' }), { error: { message: 'upstream fell over' } }, '[DONE]'))
    expect(failed).toMatchObject({ complete: false, failed: 'upstream fell over', reply: { text: 'Hi' } })
  })

  it('reads a completion, keeps tool arguments that are no JSON object as text, and refuses what is not one', () => {
    const reply = chatReader.json({
      id: 'chatcmpl-2',
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 'not json' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4 },
    })
    expect(reply).toEqual({
      id: 'chatcmpl-2',
      text: '',
      toolCalls: [{ id: 'c', name: 'f', argumentsText: 'not json' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 3, completionTokens: 4 },
    })
    expect(chatReader.json({ error: { message: 'no' } })).toBeUndefined()
    expect(chatReader.json('text')).toBeUndefined()
  })
})

describe('an Anthropic messages stream', () => {
  const event = (type: string, body: Record<string, unknown>): SseEvent => ({ event: type, data: JSON.stringify({ type, ...body }) })

  it('joins text, thinking and a tool input given in pieces; message_stop completes it', () => {
    const collapsed = messagesReader.stream!([
      event('message_start', { message: { id: 'msg_1', usage: { input_tokens: 9, output_tokens: 1 } } }),
      event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
      event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } }),
      event('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
      event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Let me look.' } }),
      event('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }),
      event('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } }),
      event('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '"Oslo"}' } }),
      event('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } }),
      event('message_stop', {}),
    ])
    expect(collapsed.complete).toBe(true)
    expect(collapsed.reply).toMatchObject({
      id: 'msg_1',
      text: 'Let me look.',
      reasoning: 'Hmm.',
      toolCalls: [{ id: 'toolu_1', name: 'get_weather', arguments: { city: 'Oslo' } }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 9, completionTokens: 20 },
    })
  })

  it('an error event fails it', () => {
    const collapsed = messagesReader.stream!([
      event('message_start', { message: { id: 'msg_2', usage: { input_tokens: 1 } } }),
      event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ])
    expect(collapsed).toMatchObject({ complete: false, failed: 'Overloaded' })
  })
})
