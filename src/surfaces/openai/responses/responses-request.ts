import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'

// Content parts: `input_text` and `output_text` carry text, `refusal` its refusal; images and files carry none the mock reads.
const contentPart = lazySchema(() => z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() }))
const content = lazySchema(() => z.union([z.string(), z.array(contentPart)]))

/** A tool: functions and freeform (`custom`) tools are offered to the model; hosted tools (`web_search`, `mcp`…) are accepted and never called. */
const tool = lazySchema(() =>
  z
    .looseObject({
      type: z.string(),
      name: z.string().min(1).optional(),
      description: z.string().nullish(),
      parameters: z.record(z.string(), z.unknown()).nullish(),
      strict: z.boolean().nullish(),
    })
    .superRefine((value, context) => {
      if ((value.type === 'function' || value.type === 'custom') && value.name === undefined)
        context.addIssue({ code: 'custom', path: ['name'], message: 'Field required' })
    }),
)

const messageItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('message'),
    role: z.enum(['user', 'assistant', 'system', 'developer']),
    content,
  }),
)
const functionCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('function_call'),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
    id: z.string().optional(),
  }),
)
const functionCallOutputItem = lazySchema(() =>
  z.looseObject({ type: z.literal('function_call_output'), call_id: z.string(), output: content }),
)
const customToolCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('custom_tool_call'),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
    id: z.string().optional(),
  }),
)
const customToolCallOutputItem = lazySchema(() =>
  z.looseObject({ type: z.literal('custom_tool_call_output'), call_id: z.string(), output: content }),
)
/** Tools a client adds in the input (Codex declares its tools so): offered as those of `tools` are. */
const additionalToolsItem = lazySchema(() => z.looseObject({ type: z.literal('additional_tools'), tools: z.array(tool) }))
const itemReference = lazySchema(() => z.looseObject({ type: z.literal('item_reference'), id: z.string() }))
/**
 * Any other item (reasoning, hosted tool calls…): accepted, and no part of the prompt. An
 * `additional_tools` item (Codex's way to offer its tools) keeps its `tools`, which count as offered.
 */
const otherItem = lazySchema(() => z.looseObject({ type: z.literal('other') }))

const readTypes = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'additional_tools',
  'item_reference',
])

/**
 * An input item. A message may leave out its `type`; items of types the mock does not read are
 * accepted as `other`, so that one badly formed item of a type it reads is reported by its field.
 */
const inputItem = lazySchema(() =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
      const type = (value as { type?: unknown }).type
      if (type === undefined) return { ...value, type: 'message' }
      if (typeof type !== 'string' || readTypes.has(type)) return value
      return type === 'additional_tools' ? { type: 'other', tools: (value as { tools?: unknown }).tools } : { type: 'other' }
    },
    z.discriminatedUnion('type', [
      messageItem,
      functionCallItem,
      functionCallOutputItem,
      customToolCallItem,
      customToolCallOutputItem,
      additionalToolsItem,
      itemReference,
      otherItem,
    ]),
  ),
)

const toolChoice = lazySchema(() =>
  z.union([
    z.enum(['none', 'auto', 'required']),
    z.looseObject({ type: z.string(), name: z.string().optional() }).superRefine((value, context) => {
      if (value.type === 'function' && value.name === undefined)
        context.addIssue({ code: 'custom', path: ['name'], message: 'Field required' })
    }),
  ]),
)

const textFormat = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({
      type: z.literal('json_schema'),
      name: z.string().min(1),
      schema: z.record(z.string(), z.unknown()),
      description: z.string().nullish(),
      strict: z.boolean().nullish(),
    }),
  ]),
)

const optionalString = lazySchema(() => z.string().nullish())

/** `POST /v1/responses`: the fields the gateway reads or repeats in its response; anything else is accepted and ignored. */
export const responsesRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1),
    // A string is one user message; read as such, so that a bad item is reported by its own field.
    input: z
      .preprocess((value) => (typeof value === 'string' ? [{ type: 'message', role: 'user', content: value }] : value), z.array(inputItem))
      .optional(),
    instructions: optionalString,
    previous_response_id: optionalString,
    tools: z.array(tool).nullish(),
    tool_choice: toolChoice.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    // Any positive count passes here: the Responses API's own floor is checked by the route, as OpenAI words it.
    max_output_tokens: z.int().positive().nullish(),
    text: z.looseObject({ format: textFormat.nullish(), verbosity: z.enum(['low', 'medium', 'high']).nullish() }).nullish(),
    stream: z.boolean().nullish(),
    // false: read and keep the conversation, generate nothing (Codex's WebSocket warm-up).
    generate: z.boolean().nullish(),
    store: z.boolean().nullish(),
    background: z.boolean().nullish(),
    temperature: z.number().nullish(),
    top_p: z.number().nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    truncation: z.enum(['auto', 'disabled']).nullish(),
    service_tier: optionalString,
    reasoning: z.looseObject({ effort: optionalString, summary: optionalString }).nullish(),
    user: optionalString,
    safety_identifier: optionalString,
    prompt_cache_key: optionalString,
    include: z.array(z.string()).nullish(),
  }),
)

export type ResponsesRequest = z.output<typeof responsesRequestSchema>
export type ResponsesInputItem = NonNullable<ResponsesRequest['input']>[number]
export type ResponsesTool = NonNullable<ResponsesRequest['tools']>[number]
