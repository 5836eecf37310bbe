import { createGateway, type Gateway, type GatewayOptions } from '../gateway/create-gateway.ts'
import { loadWorldFile } from '../node/load-world-file.ts'
import { WorldError } from '../world/world-error.ts'
import { CliError, exitCodes } from './exit-codes.ts'

/** The gateway a command works on: the default world, or the one in `--world`. */
export async function loadGateway(worldPath: string | undefined, options: Omit<GatewayOptions, 'world'> = {}): Promise<Gateway> {
  try {
    const world = worldPath === undefined ? undefined : await loadWorldFile(worldPath)
    return await createGateway({ ...options, world })
  } catch (error) {
    if (error instanceof WorldError) throw new CliError(error.message, exitCodes.invalidWorld)
    throw error
  }
}
