import { createGateway, type Gateway, type GatewayOptions } from '../../gateway/create-gateway.ts'
import { loadRecordings } from '../../node/files/load-recordings.ts'
import { loadWorldFile } from '../../node/files/load-world-file.ts'
import { RecordingError } from '../../recording/recording-error.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import { WorldError } from '../../world/world-error.ts'
import { anyModelOptionSource } from '../../world/with-any-model.ts'
import { CliError } from '../process/cli-error.ts'
import { exitCodes } from '../process/exit-codes.ts'
import { loadScenarioSpecs, type LoadedScenarioSpecs } from './scenario-specs.ts'
import { startupNotice } from '../process/startup-notice.ts'

export interface LoadGatewayOptions extends Omit<GatewayOptions, 'world' | 'scenarios' | 'replay'> {
  /** `--scenario` values: built-in names or scenario files, applied in order. */
  scenarios?: readonly string[]
  /** `--replay` values: recording files and directories. */
  replay?: readonly string[]
}

/** The gateway a command works on: the default world, or the one in `--world`, with its `--scenario`s and `--replay` recordings. */
export async function loadGateway(worldPath: string | undefined, options: LoadGatewayOptions = {}): Promise<Gateway> {
  const { scenarios = [], replay = [], ...rest } = options
  let loaded: LoadedScenarioSpecs | undefined
  try {
    if (worldPath !== undefined) startupNotice().doing(`reading the world file ${worldPath}`)
    const world = worldPath === undefined ? undefined : await loadWorldFile(worldPath)
    loaded = await loadScenarioSpecs(scenarios)
    if (replay.length > 0) startupNotice().doing('reading the recordings')
    const recordings = replay.length > 0 ? await loadRecordings(replay) : undefined
    startupNotice().doing('building the gateway')
    return await createGateway({ ...rest, world, scenarios: loaded.specs, ...(recordings && { replay: recordings }) })
  } catch (error) {
    if (error instanceof WorldError && error.source === anyModelOptionSource)
      throw new CliError(`--any-model ${rest.anyModel}: ${error.issues[0]!.message}`, exitCodes.usage)
    if (error instanceof WorldError) throw new CliError(error.message, exitCodes.invalidWorld)
    if (error instanceof ScenarioError) throw new CliError((loaded?.pointAtFile(error) ?? error).message, exitCodes.invalidScenario)
    if (error instanceof RecordingError) throw new CliError(error.message, exitCodes.invalidRecording)
    throw error
  }
}
