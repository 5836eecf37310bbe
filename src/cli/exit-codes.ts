/** The CLI's exit codes, so scripts can tell failures apart. */
export const exitCodes = {
  ok: 0,
  /** Unknown command or flag, or a flag value out of range. */
  usage: 2,
  /** The world file could not be read or is invalid. */
  invalidWorld: 3,
  /** The port could not be bound (in use, or not allowed). */
  listenFailed: 4,
  /** A scenario (a `--scenario` name or file, or a file given to `scenarios validate`) is unknown or invalid. */
  invalidScenario: 5,
  /** Node.js is older than the package needs. */
  unsupportedNode: 6,
  /** `import`: the upstream cannot be reached, or it refused a key or the access token. */
  upstream: 7,
} as const

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
