import { createGateway as createCoreGateway, type Gateway, type GatewayOptions, type ReplaySource } from '../gateway/create-gateway.ts'
import type { RecordingInput } from '../recording/recording-schema.ts'
import { loadRecordings } from './load-recordings.ts'

/**
 * `createGateway` as `llm-gateway-mock` gives it under Node: the same, and `replay` may name
 * recording files and directories, which it reads (see loadRecordings).
 *
 * @example
 * const gateway = await createGateway({ replay: './recordings', replayStrict: true })
 */
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  if (options.replay === undefined) return createCoreGateway(options)
  return createCoreGateway({ ...options, replay: await readSources(options.replay) })
}

async function readSources(replay: ReplaySource | readonly ReplaySource[]): Promise<RecordingInput[]> {
  const sources: readonly ReplaySource[] = Array.isArray(replay) ? replay : [replay as ReplaySource]
  const recordings: RecordingInput[] = []
  for (const source of sources) recordings.push(...(typeof source === 'string' ? await loadRecordings(source) : [source]))
  return recordings
}
