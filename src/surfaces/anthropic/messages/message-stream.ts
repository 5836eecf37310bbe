import type { Generation } from '../../../generation/generate.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import type { MessagesApiVersion } from './api-version.ts'
import { messageHeader, stopReason, textBlock, thinkingBlock, toolUseBlock } from './message.ts'

/**
 * The Messages event stream: `message_start`, each content block in the reply's order as start /
 * deltas / stop (thinking as `thinking_delta`s then its `signature_delta`; a `ping` after the
 * first start), `message_delta` with the stop reason and the usage the
 * SDK's MessageStream requires, `message_stop`. Every event names its type on an `event:`
 * line, without which the official SDK drops it.
 */
export function messageStreamFrames(generation: Generation, version: MessagesApiVersion): StreamFrame[] {
  const { reply } = generation
  const frames: StreamFrame[] = []
  const event = (data: { type: string; [field: string]: unknown }, tokens = 0) => frames.push({ text: sseEvent(data, data.type), tokens })
  let index = 0
  const startBlock = (contentBlock: object, tokens = 0) => {
    event({ type: 'content_block_start', index, content_block: contentBlock }, tokens)
    if (index === 0) event({ type: 'ping' })
  }
  const delta = (blockDelta: object, tokens: number) => event({ type: 'content_block_delta', index, delta: blockDelta }, tokens)
  const stopBlock = () => event({ type: 'content_block_stop', index: index++ })

  event({ type: 'message_start', message: messageHeader(generation, version) })
  for (const block of reply.blocks) {
    if (block.type === 'reasoning') {
      startBlock(thinkingBlock('', ''))
      for (const piece of block.pieces) delta({ type: 'thinking_delta', thinking: piece }, 1)
      delta({ type: 'signature_delta', signature: block.signature }, 0)
    } else if (block.type === 'text') {
      startBlock(textBlock('', version))
      for (const piece of block.pieces) delta({ type: 'text_delta', text: piece }, 1)
    } else {
      startBlock(toolUseBlock(block.call, {}, version), 1)
      delta({ type: 'input_json_delta', partial_json: '' }, 0)
      for (const piece of block.call.argumentPieces) delta({ type: 'input_json_delta', partial_json: piece }, 1)
    }
    stopBlock()
  }
  event({
    type: 'message_delta',
    delta: { stop_reason: stopReason(reply.finishReason), stop_sequence: null },
    usage: { output_tokens: reply.completionTokens },
  })
  event({ type: 'message_stop' })
  return frames
}
