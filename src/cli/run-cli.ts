import { quickServeArgs } from './flags/quick-serve-args.ts'

type QuickServe = typeof import('./quick-serve.ts')

/**
 * Runs the CLI on `argv` (without the node and script paths) and resolves to the exit code. A
 * plain serve command line starts the server without loading yargs, by the code `loadServe` gives
 * (`loadQuickServe`: the package's serve bundle, or the sources' module); every other line (help,
 * the other commands, anything to complain about) goes through yargs (`main`).
 */
export async function runCli(argv: string[], loadServe: () => Promise<QuickServe>): Promise<number> {
  const serveArgs = quickServeArgs(argv)
  if (serveArgs !== undefined) return (await loadServe()).runQuickServe(serveArgs)
  const { main } = await import('./main.ts')
  return main(argv)
}
