import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import type { Conversation, ToolChoice, Turn } from '../../../conversation/conversation.ts'
import { memoByObject } from '../../../cache/memo.ts'
import { maxBodyDepthCeiling, pathBeyondDepth } from '../../../pipeline/body/body-depth.ts'

const contentPart = lazySchema(() => z.looseObject({ type: z.string(), text: z.string().optional() }))
const messageContent = lazySchema(() => z.union([z.string(), z.array(contentPart)]).nullable())

const messageToolCall = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    type: z.literal('function').optional(),
    function: z.looseObject({ name: z.string(), arguments: z.string() }),
  }),
)

const message = lazySchema(() =>
  z.looseObject({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
    content: messageContent.optional(),
    name: z.string().optional(),
    tool_calls: z.array(messageToolCall).optional(),
    tool_call_id: z.string().optional(),
  }),
)

const tool = lazySchema(() =>
  z.looseObject({
    type: z.literal('function'),
    function: z.looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
)

const toolChoice = lazySchema(() =>
  z.union([
    z.enum(['none', 'auto', 'required']),
    z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
  ]),
)

const tokenLimit = lazySchema(() => z.int().positive().nullable().optional())

// `response_format`: free text, any JSON object, or JSON that follows a schema (openai's
// zodResponseFormat, the AI SDK's Output.object). The name rule is OpenAI's.
const responseFormat = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({
      type: z.literal('json_schema'),
      json_schema: z.looseObject({
        name: z.string().regex(/^[\w-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, underscores or dashes' }),
        description: z.string().optional(),
        schema: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullable().optional(),
      }),
    }),
  ]),
)

/** `POST /v1/chat/completions`: the fields the gateway reads; anything else is accepted and ignored. */
export const chatRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    messages: z.array(message).min(1),
    tools: z.array(tool).optional(),
    tool_choice: toolChoice.optional(),
    max_tokens: tokenLimit,
    max_completion_tokens: tokenLimit,
    stream: z.boolean().nullable().optional(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
    n: z.literal(1, { error: 'the gateway generates one choice: n must be 1' }).nullable().optional(),
    response_format: responseFormat.nullable().optional(),
  }),
)

export type ChatRequest = z.output<typeof chatRequestSchema>

/**
 * The conversation a chat completions request holds, in the surface-neutral form generation reads. Remembered
 * per body object: bodies are remembered by their text, so a repeated request skips this.
 */
export const chatConversation = memoByObject((request: ChatRequest): Conversation => {
  const system: string[] = []
  const turns: Turn[] = []
  const callNames = new Map<string, string>()
  for (const m of request.messages) {
    const text = textOf(m.content)
    if (m.role === 'system' || m.role === 'developer') {
      system.push(text)
    } else if (m.role === 'tool' || m.role === 'function') {
      const toolName = m.role === 'function' ? m.name : callNames.get(m.tool_call_id ?? '')
      const toolCallId = m.role === 'tool' ? m.tool_call_id : undefined
      turns.push({ role: 'tool', text, toolCalls: [], ...(toolName ? { toolName } : {}), ...(toolCallId ? { toolCallId } : {}) })
    } else {
      const toolCalls = (m.tool_calls ?? []).map((call) => {
        callNames.set(call.id, call.function.name)
        return { id: call.id, name: call.function.name, arguments: parseArguments(call.function.arguments) }
      })
      turns.push({ role: m.role, text, toolCalls })
    }
  }
  return {
    system: system.join('\n'),
    turns,
    tools: (request.tools ?? []).map((t) => ({
      name: t.function.name,
      description: t.function.description ?? '',
      parameters: t.function.parameters ?? {},
    })),
    toolChoice: toToolChoice(request.tool_choice),
    maxOutputTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    ...outputOf(request.response_format),
  }
})

/** The structured output asked for; a `json_schema` without a schema is any JSON object. Free text is left out. */
function outputOf(format: ChatRequest['response_format']): Pick<Conversation, 'output'> {
  switch (format?.type) {
    case 'json_object':
      return { output: { type: 'json_object' } }
    case 'json_schema': {
      const { schema, name } = format.json_schema
      return { output: schema === undefined ? { type: 'json_object' } : { type: 'json_schema', schema, name } }
    }
    default:
      return {}
  }
}

function textOf(content: z.output<typeof messageContent> | undefined): string {
  if (typeof content === 'string') return content
  return (content ?? []).map((part) => part.text ?? '').join('')
}

/**
 * A call's arguments as the object they spell. Text that is not JSON, or JSON nested too deeply
 * for the token count and reply hash to serialize, stays text: the API takes any string here.
 */
export function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    if (pathBeyondDepth(value, maxBodyDepthCeiling)) return { arguments: text }
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }
  } catch {
    return { arguments: text }
  }
}

function toToolChoice(choice: ChatRequest['tool_choice']): ToolChoice {
  if (choice === undefined) return 'auto'
  return typeof choice === 'string' ? choice : { name: choice.function.name }
}
