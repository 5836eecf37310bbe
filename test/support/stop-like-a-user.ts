import type { CliProcess } from './spawn-cli.ts'
import { eventually, isPortFree, survivors } from './process-tree.ts'

export interface StopOutcome {
  /** How many processes the launch had: the one started, and whatever it started (npm's shell, the server). */
  processes: number
  /** Pids of those still running when the wait ended. */
  survivors: number[]
  portFree: boolean
}

/**
 * Sends `signal` to the process the test started, as `kill` in a script or a CI step would (not to
 * its process group, as Ctrl-C in a terminal does), and waits up to `ms` for every process of its
 * tree to end and the port to be free. The server stops within a second; the margin is for a
 * loaded CI machine, and still catches a server that stays up.
 */
export async function stopLikeAUser(cli: CliProcess, port: number, signal: NodeJS.Signals, ms = 5_000): Promise<StopOutcome> {
  const tree = cli.recordTree()
  cli.child.kill(signal)
  await eventually(async () => survivors(tree).length === 0 && (await isPortFree(port)), ms)
  return { processes: tree.size, survivors: survivors(tree), portFree: await isPortFree(port) }
}
