import { exitCodes } from './exit-codes.ts'

/** An error the CLI reports as one line and an exit code, without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number
  constructor(message: string, exitCode: number) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

/** Runs a command to its exit code: a `CliError` is printed as its one line; anything else is a bug and thrown. */
export async function exitCodeOf(command: () => Promise<unknown>): Promise<number> {
  try {
    await command()
    return exitCodes.ok
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    console.error(error.message)
    return error.exitCode
  }
}
