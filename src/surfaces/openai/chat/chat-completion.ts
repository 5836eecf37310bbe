import type { Generation } from '../../../generation/generate.ts'
import { completionHeader } from '../completion-header.ts'

/** OpenAI's `usage` object, with the detail counters the SDK types declare. */
export function chatUsage(generation: Generation) {
  const { promptTokens, completionTokens, cacheReadTokens, reasoningTokens } = generation.reply
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cacheReadTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  }
}

/** The fields every chat completion and chunk share. */
export function chatHeader(generation: Generation, object: 'chat.completion' | 'chat.completion.chunk') {
  return completionHeader(`chatcmpl-${generation.reply.id}`, object, generation)
}

/** A non-streamed `chat.completion`. */
export function chatCompletion(generation: Generation) {
  const { reply } = generation
  const toolCalls = reply.toolCalls.map((call) => ({
    id: `call_${call.id}`,
    type: 'function',
    function: { name: call.name, arguments: call.argumentsJson },
  }))
  return {
    ...chatHeader(generation, 'chat.completion'),
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text === '' && toolCalls.length > 0 ? null : reply.text,
          // As new-api relays a reasoning model's thinking; absent when there is none.
          ...(reply.reasoning !== '' ? { reasoning_content: reply.reasoning } : {}),
          refusal: null,
          annotations: [],
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: reply.finishReason,
      },
    ],
    usage: chatUsage(generation),
    service_tier: 'default',
  }
}

// The text a reply was last answered with, non-streamed: replies are shared by identical requests
// (compose-reply.ts), and the same reply in the same second from the same model is the same text.
const lastText = new WeakMap<Generation['reply'], { created: number; model: string; text: string }>()

/** {@link chatCompletion} as JSON text, serialised once per reply, second and model name. */
export function chatCompletionText(generation: Generation): string {
  const { reply, created, model } = generation
  const last = lastText.get(reply)
  if (last !== undefined && last.created === created && last.model === model.id) return last.text
  const text = JSON.stringify(chatCompletion(generation))
  lastText.set(reply, { created, model: model.id, text })
  return text
}
