import { exitCodeOf } from './process/cli-error.ts'
import { runServe } from './serve/run-serve.ts'
import type { ServeArgs } from './flags/serve-options.ts'

/**
 * Serves a plain serve command line (read by `quickServeArgs`) and resolves to the exit code. The
 * entry of the CLI's serve bundle: the package runs it as CommonJS with a code cache of its own
 * (scripts/build.ts, process/code-cached-bundle.ts), from the sources as a module like any other.
 */
export function runQuickServe(args: ServeArgs): Promise<number> {
  return exitCodeOf(() => runServe(args))
}
