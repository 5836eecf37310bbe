import { createGateway as createCoreGateway, type Gateway, type GatewayOptions, type ReplaySource } from '../gateway/create-gateway.ts'
import type { RecordingInput } from '../recording/recording-schema.ts'
import { loadRecordings } from './files/load-recordings.ts'
import { loadWorldFile } from './files/load-world-file.ts'

/**
 * `createGateway` as `llm-gateway-mock` gives it under Node: the same, and `replay` may name
 * recording files and directories, which it reads (see loadRecordings), and `world` a world file
 * (JSON, or TypeScript/JavaScript as `--world` takes it), relative to the working directory.
 *
 * @example
 * const gateway = await createGateway({ world: './gateway-world.json', replay: './recordings', replayStrict: true })
 */
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const { world, replay } = options
  return createCoreGateway({
    ...options,
    ...(typeof world === 'string' ? { world: await loadWorldFile(world) } : {}),
    ...(replay === undefined ? {} : { replay: await readSources(replay) }),
  })
}

async function readSources(replay: ReplaySource | readonly ReplaySource[]): Promise<RecordingInput[]> {
  const sources: readonly ReplaySource[] = Array.isArray(replay) ? replay : [replay as ReplaySource]
  const recordings: RecordingInput[] = []
  for (const source of sources) recordings.push(...(typeof source === 'string' ? await loadRecordings(source) : [source]))
  return recordings
}
