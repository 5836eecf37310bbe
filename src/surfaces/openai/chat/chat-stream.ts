import type { Generation } from '../../../generation/generate.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import { chatUsage, completionHeader } from './chat-completion.ts'

/**
 * The `chat.completion.chunk` stream: role first, one token per chunk, tool calls as indexed
 * deltas, `finish_reason` on the last choice chunk, the usage chunk when asked, `[DONE]`.
 */
export function chatStreamFrames(generation: Generation, includeUsage: boolean): StreamFrame[] {
  const { reply } = generation
  const header = completionHeader(generation, 'chat.completion.chunk')
  // Every chunk repeats the header: it is serialised once, and each chunk's JSON is the same text
  // JSON.stringify({ ...header, choices: [{ index: 0, delta, logprobs: null, finish_reason }], usage? })
  // gives, built from the parts (serialising every chunk whole was much of a streamed request's time).
  const opening = `data: ${JSON.stringify(header).slice(0, -1)},"choices":[{"index":0,"delta":`
  const closing = includeUsage ? '}],"usage":null}\n\n' : '}]}\n\n'
  const chunk = (delta: object, tokens: number, finishReason: string | null = null): StreamFrame => ({
    text: `${opening}${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}${closing}`,
    tokens,
  })

  const onlyTools = reply.text === '' && reply.toolCalls.length > 0
  const frames: StreamFrame[] = [chunk({ role: 'assistant', content: onlyTools ? null : '', refusal: null }, 0)]
  for (const piece of reply.textPieces) frames.push(chunk({ content: piece }, 1))
  reply.toolCalls.forEach((call, index) => {
    frames.push(
      chunk({ tool_calls: [{ index, id: `call_${call.id}`, type: 'function', function: { name: call.name, arguments: '' } }] }, 1),
    )
    for (const piece of call.argumentPieces) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, 1))
  })
  frames.push(chunk({}, 0, reply.finishReason))
  if (includeUsage) frames.push({ text: sseEvent({ ...header, choices: [], usage: chatUsage(generation) }), tokens: 0 })
  frames.push({ text: sseEvent('[DONE]'), tokens: 0 })
  return frames
}
