import { instant, type StreamTiming } from '../streaming/stream-plan.ts'
import type { Streaming } from '../world/schemas.ts'

/** Roughly what a hosted model feels like: a short pause, then reading speed and more. */
const realistic: StreamTiming = { firstTokenMs: 400, tokensPerSecond: 60 }

export function resolveTiming(streaming: Streaming): StreamTiming {
  if (streaming === 'instant') return instant
  if (streaming === 'realistic') return realistic
  return streaming
}
