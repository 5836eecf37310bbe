import type { Generation } from '../../../generation/generate.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import { chunkFraming } from '../completion-header.ts'
import { chatHeader, chatUsage } from './chat-completion.ts'

/**
 * The `chat.completion.chunk` stream: role first, one token per chunk (reasoning as
 * `reasoning_content`), tool calls as indexed deltas, in the reply's order, `finish_reason` on the last choice chunk, the usage chunk when asked, `[DONE]`.
 */
export function chatStreamFrames(generation: Generation, includeUsage: boolean): StreamFrame[] {
  const { reply } = generation
  const header = chatHeader(generation, 'chat.completion.chunk')
  // Each chunk is the text JSON.stringify({ ...header, choices: [{ index: 0, delta, logprobs: null, finish_reason }], usage? }) gives.
  const { opening, closing } = chunkFraming(header, includeUsage)
  const last = lastFrames.get(reply)
  if (last !== undefined && last.opening === opening && last.includeUsage === includeUsage) return last.frames
  const frames = framesOf(generation, header, opening, closing, includeUsage)
  for (const frame of frames) Object.freeze(frame)
  Object.freeze(frames)
  lastFrames.set(reply, { opening, includeUsage, frames })
  return frames
}

// The frames a reply was last streamed in: replies are shared by identical requests (compose-reply.ts),
// and the same reply under the same header (`opening`: its id, second and model) is the same
// frames, built once and frozen (shared, they must not change). Building 50 chunks was much of a
// streamed request's work.
const lastFrames = new WeakMap<Generation['reply'], { opening: string; includeUsage: boolean; frames: StreamFrame[] }>()

function framesOf(generation: Generation, header: object, opening: string, closing: string, includeUsage: boolean): StreamFrame[] {
  const { reply } = generation
  const chunk = (delta: object, tokens: number, finishReason: string | null = null): StreamFrame => ({
    text: `${opening}"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}${closing}`,
    tokens,
  })

  const onlyTools = reply.text === '' && reply.toolCalls.length > 0
  const frames: StreamFrame[] = [chunk({ role: 'assistant', content: onlyTools ? null : '', refusal: null }, 0)]
  // In the reply's order: reasoning as new-api relays it (`reasoning_content`), text, calls.
  let index = 0
  for (const block of reply.blocks) {
    if (block.type === 'reasoning') for (const piece of block.pieces) frames.push(chunk({ reasoning_content: piece }, 1))
    else if (block.type === 'text') for (const piece of block.pieces) frames.push(chunk({ content: piece }, 1))
    else {
      const { call } = block
      const at = index++
      frames.push(
        chunk({ tool_calls: [{ index: at, id: `call_${call.id}`, type: 'function', function: { name: call.name, arguments: '' } }] }, 1),
      )
      for (const piece of call.argumentPieces) frames.push(chunk({ tool_calls: [{ index: at, function: { arguments: piece } }] }, 1))
    }
  }
  frames.push(chunk({}, 0, reply.finishReason))
  if (includeUsage) frames.push({ text: sseEvent({ ...header, choices: [], usage: chatUsage(generation) }), tokens: 0 })
  frames.push({ text: sseEvent('[DONE]'), tokens: 0 })
  return frames
}
