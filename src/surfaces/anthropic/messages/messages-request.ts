import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import type { Conversation, ToolChoice, Turn } from '../../../conversation/conversation.ts'
import { contentBlock, textOrBlocks } from './content-blocks.ts'
import { memoByObject } from '../../../cache/memo.ts'

const textBlock = lazySchema(() => z.looseObject({ type: z.literal('text'), text: z.string() }))
const textContent = lazySchema(() => textOrBlocks(contentBlock({ text: textBlock })))

const toolUseBlock = lazySchema(() =>
  z.looseObject({
    type: z.literal('tool_use'),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
  }),
)

const toolResultBlock = lazySchema(() =>
  z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string().min(1),
    content: textContent.optional(),
    is_error: z.boolean().nullable().optional(),
  }),
)

const message = lazySchema(() =>
  z.looseObject({
    // `system` entries are part of the later API version (docs/profiles.md, "Anthropic API versions").
    role: z.enum(['user', 'assistant', 'system']),
    content: textOrBlocks(contentBlock({ text: textBlock, tool_use: toolUseBlock, tool_result: toolResultBlock })),
  }),
)

// Server tools (`web_search_20250305`, `bash_20250124`, …) carry a `type` and no schema; the
// gateway has nothing to run them with, so it accepts and ignores them.
const tool = lazySchema(() =>
  z
    .looseObject({
      name: z.string().min(1),
      type: z.string().nullable().optional(),
      description: z.string().optional(),
      input_schema: z.record(z.string(), z.unknown()).optional(),
    })
    .superRefine((t, ctx) => {
      if (isCustomTool(t) && t.input_schema === undefined)
        ctx.addIssue({ code: 'custom', path: ['input_schema'], message: 'Field required' })
    }),
)

const toolChoice = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('auto') }),
    z.looseObject({ type: z.literal('any') }),
    z.looseObject({ type: z.literal('tool'), name: z.string().min(1) }),
    z.looseObject({ type: z.literal('none') }),
  ]),
)

// Structured output: `output_config.format`, or the beta's `output_format` (deprecated; the SDK
// moves it into output_config, raw clients may still send it). JSON Schema is the only type.
const outputFormat = lazySchema(() => z.looseObject({ type: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) }))
const outputConfig = lazySchema(() => z.looseObject({ format: outputFormat.nullable().optional() }))

const countTokensFields = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    messages: z.array(message).min(1),
    system: textContent.optional(),
    tools: z.array(tool).nullable().optional(),
    tool_choice: toolChoice.nullable().optional(),
    output_config: outputConfig.nullable().optional(),
    output_format: outputFormat.nullable().optional(),
  }),
)

function oneOutputFormat(body: z.output<typeof countTokensFields>, ctx: z.RefinementCtx): void {
  if (body.output_format && body.output_config?.format) {
    ctx.addIssue({
      code: 'custom',
      path: ['output_format'],
      message: 'give either output_format (deprecated) or output_config.format, not both',
    })
  }
}

/** `POST /v1/messages/count_tokens`: the fields the gateway reads; anything else is accepted and ignored. */
export const countTokensRequestSchema = lazySchema(() => countTokensFields.unwrap().superRefine(oneOutputFormat))

/** `POST /v1/messages`: as count_tokens, plus the output limit the API requires. */
export const messagesRequestSchema = lazySchema(() =>
  countTokensFields
    .unwrap()
    .extend({
      max_tokens: z.int().positive(),
      stream: z.boolean().nullable().optional(),
    })
    .superRefine(oneOutputFormat),
)

export type CountTokensRequest = z.output<typeof countTokensRequestSchema>
export type MessagesRequest = z.output<typeof messagesRequestSchema>

type Block = z.output<typeof message>['content']

/**
 * The conversation a messages (or count_tokens) request holds, in the surface-neutral form generation reads. Remembered
 * per body object: bodies are remembered by their text, so a repeated request skips this.
 */
export const messagesConversation = memoByObject((request: CountTokensRequest & { max_tokens?: number }): Conversation => {
  const system = request.system === undefined ? [] : [textOf(request.system)]
  const turns: Turn[] = []
  const callNames = new Map<string, string>()
  for (const m of request.messages) {
    if (m.role === 'system') {
      system.push(textOf(m.content))
    } else if (m.role === 'assistant') {
      const toolCalls = blocksOf(m.content).flatMap((block) => {
        if (block.type !== 'tool_use') return []
        callNames.set(block.id, block.name)
        return [{ id: block.id, name: block.name, arguments: block.input }]
      })
      turns.push({ role: 'assistant', text: textOf(m.content), toolCalls })
    } else {
      // The API puts tool results first in a user message; any text after them is a new user turn.
      const results = blocksOf(m.content).filter((block) => block.type === 'tool_result')
      for (const result of results) {
        const toolName = callNames.get(result.tool_use_id)
        turns.push({
          role: 'tool',
          text: textOf(result.content ?? ''),
          toolCalls: [],
          toolCallId: result.tool_use_id,
          ...(toolName ? { toolName } : {}),
        })
      }
      const text = textOf(m.content)
      if (text !== '' || results.length === 0) turns.push({ role: 'user', text, toolCalls: [] })
    }
  }
  return {
    system: system.filter((text) => text !== '').join('\n'),
    turns,
    tools: (request.tools ?? []).filter(isCustomTool).map((t) => ({
      name: t.name,
      description: t.description ?? '',
      parameters: t.input_schema ?? {},
    })),
    toolChoice: toToolChoice(request.tool_choice),
    maxOutputTokens: request.max_tokens,
    ...outputOf(request),
    ...thinkingOf(request),
  }
})

/** `thinking: {type: "enabled" | "adaptive", display?}` (Claude Code sends adaptive, display omitted): the reply thinks first. */
function thinkingOf(request: CountTokensRequest): Pick<Conversation, 'thinking'> {
  const thinking = (request as { thinking?: { type?: unknown; display?: unknown } | null }).thinking
  if (thinking?.type !== 'enabled' && thinking?.type !== 'adaptive') return {}
  return { thinking: thinking.display === 'omitted' ? 'omitted' : 'shown' }
}

/** The JSON Schema the reply must follow, if the request gives one; the reply is then one text block of JSON, as the API's. */
function outputOf(request: CountTokensRequest): Pick<Conversation, 'output'> {
  const format = request.output_config?.format ?? request.output_format
  return format ? { output: { type: 'json_schema', schema: format.schema } } : {}
}

function isCustomTool(t: { type?: string | null | undefined }): boolean {
  return t.type === undefined || t.type === null || t.type === 'custom'
}

function blocksOf(content: Block): Exclude<Block, string> {
  return typeof content === 'string' ? [] : content
}

/** The text blocks of a content, joined; other blocks (tool calls, images, …) carry no text. */
function textOf(content: string | readonly { type: string }[]): string {
  if (typeof content === 'string') return content
  return content.map((block) => (isTextBlock(block) ? block.text : '')).join('')
}

function isTextBlock(block: { type: string }): block is z.output<typeof textBlock> {
  return block.type === 'text'
}

function toToolChoice(choice: CountTokensRequest['tool_choice']): ToolChoice {
  switch (choice?.type) {
    case undefined:
    case 'auto':
      return 'auto'
    case 'any':
      return 'required'
    case 'none':
      return 'none'
    case 'tool':
      return { name: choice.name }
  }
}
