import { CliError } from './cli-error.ts'
import { exitCodes } from './exit-codes.ts'

/** A server that could not listen, as the CLI says it (exit code 4): what went wrong, and what to do. */
export function listenFailure(error: unknown, command: string, port: number, host: string): CliError {
  const code = (error as NodeJS.ErrnoException).code
  const reason =
    code === 'EADDRINUSE'
      ? `port ${port} is already in use on ${host} (pick another with --port, or --port 0 for any free port)`
      : code === 'EACCES'
        ? `not allowed to listen on ${host}:${port}`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot bind ${host}: no such local address`
          : String((error as Error).message)
  return new CliError(`${command}: ${reason}`, exitCodes.listenFailed)
}
