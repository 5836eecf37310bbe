import { memoByObject } from '../../../cache/memo.ts'
import type { Generation } from '../../../generation/generate.ts'
import { parseArguments } from '../chat/chat-request.ts'
import type { ResolvedItem } from './input-items.ts'
import type { ResponsesRequest, ResponsesTool } from './responses-request.ts'

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed'

export interface OutputText {
  type: 'output_text'
  annotations: never[]
  logprobs: never[]
  text: string
}

export interface MessageItem {
  id: string
  type: 'message'
  status: 'in_progress' | 'completed' | 'incomplete'
  content: OutputText[]
  role: 'assistant'
}

export interface FunctionCallItem {
  id: string
  type: 'function_call'
  status: 'in_progress' | 'completed' | 'incomplete'
  arguments: string
  call_id: string
  name: string
}

export interface CustomToolCallItem {
  id: string
  type: 'custom_tool_call'
  status: 'in_progress' | 'completed' | 'incomplete'
  call_id: string
  input: string
  name: string
}

export interface SummaryText {
  type: 'summary_text'
  text: string
}

export interface ReasoningItem {
  id: string
  type: 'reasoning'
  summary: SummaryText[]
  /** Only when the request asks for it (`include: ["reasoning.encrypted_content"]`). */
  encrypted_content?: string
}

export type OutputItem = MessageItem | FunctionCallItem | CustomToolCallItem | ReasoningItem

/** A response object, as `POST /v1/responses` and `GET /v1/responses/{id}` answer it and stream events carry it. */
export type ResponseObject = ReturnType<typeof responseShell>

/** What a response's id and shell are made of: a generation, or a response that generates nothing (`generate: false`). */
export type ResponseBasis = Pick<Generation, 'created'> & { model: Pick<Generation['model'], 'id'>; reply: Pick<Generation['reply'], 'id'> }

/** The response's id: `resp_` and the generation's stable reply id, so the same request gets the same id. */
export function responseId(generation: ResponseBasis): string {
  return `resp_${generation.reply.id}`
}

/**
 * The response as it stands when it starts: every field the real API sends, in its order, with
 * the request's settings repeated; no output or usage yet.
 */
export function responseShell(generation: ResponseBasis, request: ResponsesRequest) {
  const settings = repeatedSettings(request)
  return {
    id: responseId(generation),
    object: 'response' as const,
    created_at: generation.created,
    status: 'in_progress' as ResponseStatus,
    background: settings.background,
    billing: { payer: 'developer' },
    completed_at: null as number | null,
    error: null as { code: string; message: string } | null,
    incomplete_details: null as { reason: string } | null,
    instructions: settings.instructions,
    max_output_tokens: settings.max_output_tokens,
    max_tool_calls: null,
    model: generation.model.id,
    output: [] as OutputItem[],
    parallel_tool_calls: settings.parallel_tool_calls,
    previous_response_id: settings.previous_response_id,
    prompt_cache_key: settings.prompt_cache_key,
    prompt_cache_retention: null,
    reasoning: settings.reasoning,
    safety_identifier: settings.safety_identifier,
    service_tier: settings.service_tier,
    store: settings.store,
    temperature: settings.temperature,
    text: settings.text,
    tool_choice: settings.tool_choice,
    tools: settings.tools,
    top_logprobs: 0,
    top_p: settings.top_p,
    truncation: settings.truncation,
    usage: null as ReturnType<typeof responseUsage> | null,
    user: settings.user,
    metadata: settings.metadata,
  }
}

/** The finished response: `completed`, or `incomplete` with the reason when the reply was cut at the output limit. */
export function finishedResponse(generation: Generation, request: ResponsesRequest): ResponseObject {
  const cut = generation.reply.finishReason === 'length'
  return {
    ...responseShell(generation, request),
    status: cut ? 'incomplete' : 'completed',
    completed_at: cut ? null : generation.created,
    incomplete_details: cut ? { reason: 'max_output_tokens' } : null,
    output: outputItems(generation, request),
    usage: responseUsage(generation),
  }
}

/**
 * The reply as output items, in its order: a reasoning item per reasoning block (its text as the
 * summary, and its `encrypted_content` when the request includes it), a message per text block
 * (one, empty, when the reply has neither text nor calls), a `function_call` per call, or a
 * `custom_tool_call` for a freeform one.
 */
export function outputItems(generation: Generation, request: ResponsesRequest): OutputItem[] {
  const { reply } = generation
  const encrypted = request.include?.includes('reasoning.encrypted_content') === true
  const status = reply.finishReason === 'length' ? 'incomplete' : 'completed'
  let messages = 0
  let reasonings = 0
  return reply.blocks.map((block): OutputItem => {
    if (block.type === 'text') return messageItem(generation, status, block.text, messages++)
    if (block.type === 'reasoning') {
      return {
        id: numberedId(`rs_${reply.id}`, reasonings++),
        type: 'reasoning',
        summary: [summaryText(block.text)],
        ...(encrypted ? { encrypted_content: block.signature } : {}),
      }
    }
    const { call } = block
    if (call.input !== undefined) {
      return {
        id: `ctc_${call.id}`,
        type: 'custom_tool_call',
        status: 'completed',
        call_id: `call_${call.id}`,
        input: call.input,
        name: call.name,
      }
    }
    return {
      id: `fc_${call.id}`,
      type: 'function_call',
      status: 'completed',
      arguments: call.argumentsJson,
      call_id: `call_${call.id}`,
      name: call.name,
    }
  })
}

/** The first item of a kind keeps the reply's id; those after it add their place. */
function numberedId(id: string, index: number): string {
  return index === 0 ? id : `${id}_${index}`
}

export function summaryText(text: string): SummaryText {
  return { type: 'summary_text', text }
}

export function messageItem(generation: Generation, status: MessageItem['status'], text: string, index = 0): MessageItem {
  return {
    id: numberedId(`msg_${generation.reply.id}`, index),
    type: 'message',
    status,
    content: status === 'in_progress' ? [] : [outputText(text)],
    role: 'assistant',
  }
}

export function outputText(text: string): OutputText {
  return { type: 'output_text', annotations: [], logprobs: [], text }
}

/** The output items as a continuation reads them (`previous_response_id`, `item_reference`), by id. */
export function outputAsItems(output: readonly OutputItem[]): Map<string, ResolvedItem> {
  // Reasoning is no part of the conversation the mock reads.
  return new Map(
    output.flatMap((item): [string, ResolvedItem][] => {
      switch (item.type) {
        case 'message':
          return [[item.id, { kind: 'message', role: 'assistant', text: item.content.map((part) => part.text).join('') }]]
        case 'function_call':
          return [[item.id, { kind: 'call', callId: item.call_id, name: item.name, arguments: parseArguments(item.arguments) }]]
        case 'custom_tool_call':
          return [[item.id, { kind: 'call', callId: item.call_id, name: item.name, arguments: { input: item.input }, input: item.input }]]
        case 'reasoning':
          return []
      }
    }),
  )
}

/** The Responses API's `usage`, with the detail counters the SDKs read. */
export function responseUsage(generation: Generation) {
  const { promptTokens, completionTokens, cacheReadTokens, reasoningTokens } = generation.reply
  return {
    input_tokens: promptTokens,
    input_tokens_details: { cached_tokens: cacheReadTokens },
    output_tokens: completionTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: promptTokens + completionTokens,
  }
}

// The request's settings as the response repeats them, OpenAI's defaults where it sent none.
// Remembered per body object, as the body itself is.
const repeatedSettings = memoByObject((request: ResponsesRequest) => ({
  background: request.background ?? false,
  instructions: request.instructions ?? null,
  max_output_tokens: request.max_output_tokens ?? null,
  parallel_tool_calls: request.parallel_tool_calls ?? true,
  previous_response_id: request.previous_response_id ?? null,
  prompt_cache_key: request.prompt_cache_key ?? null,
  reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
  safety_identifier: request.safety_identifier ?? null,
  service_tier: request.service_tier ?? 'default',
  store: request.store ?? true,
  temperature: request.temperature ?? 1,
  text: { format: request.text?.format ?? { type: 'text' }, verbosity: request.text?.verbosity ?? 'medium' },
  tool_choice: request.tool_choice ?? 'auto',
  tools: (request.tools ?? []).map(repeatedTool),
  top_p: request.top_p ?? 1,
  truncation: request.truncation ?? 'disabled',
  user: request.user ?? null,
  metadata: request.metadata ?? {},
}))

/** A function tool as OpenAI repeats it (`strict` defaults to true in the Responses API); hosted tools as sent. */
function repeatedTool(tool: ResponsesTool): unknown {
  if (tool.type !== 'function') return tool
  return {
    type: 'function',
    name: tool.name,
    description: tool.description ?? null,
    parameters: tool.parameters ?? null,
    strict: tool.strict ?? true,
  }
}
