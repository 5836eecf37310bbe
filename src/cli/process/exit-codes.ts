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
  /** A recording (a `--replay` file, or one in a `--replay` directory) cannot be read or is invalid. */
  invalidRecording: 8,
  /** `record`: the session's file could not be written at the end (it holds what the last successful write did). */
  recordingNotWritten: 9,
} as const
