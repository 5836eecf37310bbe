import type { FinishReason, ReplyToolCall } from '../../../generation/compose-reply.ts'
import type { Generation } from '../../../generation/generate.ts'
import type { MessagesApiVersion } from './api-version.ts'

const stopReasons: Record<FinishReason, string> = { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use' }

export function stopReason(finishReason: FinishReason): string {
  return stopReasons[finishReason]
}

/** The usage object; `outputTokens` lets `message_start` report the count so far. */
export function messageUsage(generation: Generation, outputTokens = generation.reply.completionTokens) {
  const { promptTokens, cacheReadTokens, cacheWriteTokens } = generation.reply
  return {
    // Anthropic counts the cached prompt apart: input_tokens is what was neither read nor written.
    input_tokens: Math.max(0, promptTokens - cacheReadTokens - cacheWriteTokens),
    output_tokens: outputTokens,
    cache_creation_input_tokens: cacheWriteTokens,
    cache_read_input_tokens: cacheReadTokens,
    service_tier: 'standard',
  }
}

/** Whether the later version's nullable fields go in: clients of the earlier one reject them (docs/profiles.md). */
const withExtras = (version: MessagesApiVersion) => version === '2026-10-21'

export function textBlock(text: string, version: MessagesApiVersion) {
  return { type: 'text', text, ...(withExtras(version) ? { citations: null } : {}) }
}

export function toolUseBlock(call: ReplyToolCall, input: Record<string, unknown>, version: MessagesApiVersion) {
  return {
    type: 'tool_use',
    id: `toolu_${call.id}`,
    name: call.name,
    input,
    ...(withExtras(version) ? { caller: { type: 'direct' } } : {}),
  }
}

/** A `thinking` block: the reasoning and the signature a client sends back with it. */
export function thinkingBlock(thinking: string, signature: string) {
  return { type: 'thinking', thinking, signature }
}

/** A Message with everything but its content and outcome: what `message_start` carries. */
export function messageHeader(generation: Generation, version: MessagesApiVersion) {
  return {
    id: `msg_${generation.reply.id}`,
    type: 'message',
    role: 'assistant',
    model: generation.model.id,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
    ...(withExtras(version) ? { stop_details: null, container: null, diagnostics: null } : {}),
    usage: messageUsage(generation, Math.min(1, generation.reply.completionTokens)),
  }
}

/** A non-streamed Message. */
export function message(generation: Generation, version: MessagesApiVersion) {
  const { reply } = generation
  return {
    ...messageHeader(generation, version),
    content: reply.blocks.map((block) => {
      if (block.type === 'reasoning') return thinkingBlock(block.text, block.signature)
      if (block.type === 'text') return textBlock(block.text, version)
      return toolUseBlock(block.call, block.call.arguments, version)
    }),
    stop_reason: stopReason(reply.finishReason),
    usage: messageUsage(generation),
  }
}
