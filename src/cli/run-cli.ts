import { exitCodeOf } from './process/cli-error.ts'
import { quickServeArgs } from './flags/quick-serve-args.ts'
import { runServe } from './serve/run-serve.ts'

/**
 * Runs the CLI on `argv` (without the node and script paths) and resolves to the exit code. A
 * plain serve command line starts the server without loading yargs; every other line (help,
 * the other commands, anything to complain about) goes through yargs (`main`).
 */
export async function runCli(argv: string[]): Promise<number> {
  const serveArgs = quickServeArgs(argv)
  if (serveArgs !== undefined) return exitCodeOf(() => runServe(serveArgs))
  const { main } = await import('./main.ts')
  return main(argv)
}
