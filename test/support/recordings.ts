import type { RecordedExchange, RecordingInput } from '../../src/index.ts'

type ExchangeInput = RecordingInput['exchanges'][number]

/** A recorded chat completion, as a person would write one by hand (or edit what `record` wrote). */
export function chatExchange(
  id: number,
  said: string,
  reply: {
    text?: string
    toolCalls?: { id?: string; name: string; arguments: Record<string, unknown> }[]
    usage?: { promptTokens: number; completionTokens: number }
  },
  more: Partial<Pick<RecordedExchange, 'model' | 'stream'>> & {
    request?: Record<string, unknown>
    frames?: { atMs: number; data: string }[]
  } = {},
): ExchangeInput {
  return {
    ...chatRequest(id, said),
    model: more.model ?? 'gpt-4o-mini',
    stream: more.stream ?? false,
    request: { ...chatRequest(id, said).request, ...more.request },
    response: {
      status: 200,
      reply: {
        id: `chatcmpl-rec${id}`,
        text: reply.text ?? '',
        toolCalls: reply.toolCalls ?? [],
        finishReason: reply.toolCalls && reply.toolCalls.length > 0 ? 'tool_calls' : 'stop',
        ...(reply.usage && { usage: reply.usage }),
      },
      ...(more.frames && { frames: more.frames }),
    },
  }
}

/** A recorded error answer to a chat completion. */
export function chatErrorExchange(
  id: number,
  said: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ExchangeInput {
  return { ...chatRequest(id, said), response: { status, headers, error: body as never } }
}

/** What a recorded chat exchange of one user turn, without tools or system prompt, says of its request. */
function chatRequest(id: number, said: string) {
  return {
    id,
    surface: 'openai' as const,
    route: 'openai.chat_completions',
    method: 'POST',
    path: '/v1/chat/completions',
    model: 'gpt-4o-mini',
    stream: false,
    request: { lastUserTurn: said, turns: 1, toolResults: [] as string[], tools: [] as string[], toolsHash: null, systemHash: null },
  }
}

export function recording(exchanges: ExchangeInput[], name?: string): RecordingInput {
  return { version: 1, ...(name && { name }), exchanges }
}
