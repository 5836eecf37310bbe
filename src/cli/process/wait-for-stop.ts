import type { LauncherWatch } from './launcher-chain.ts'

/** What told the server to stop. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent process exited'

export interface WaitForStopOptions {
  /**
   * Also stop when the process that started this one goes away, or any wrapper between them: the
   * chain as `watchLauncher()` recorded it, first thing in the command, so that a launcher that
   * ends while the gateway loads does not go unnoticed.
   */
  launcher: LauncherWatch | undefined
  /** How often to look for the launcher; a stop must not wait longer than this. */
  intervalMs?: number
}

/** The signals that stop a server (SIGHUP: its terminal closed). */
export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Resolves once the process is told to stop: SIGINT, SIGTERM or SIGHUP (a closed terminal), or,
 * with a `launcher`, the end of the process that launched it or of any wrapper in between. The
 * wrappers are watched because npm and npx run a bin through `sh -c`, and on systems whose `sh` is
 * dash that shell neither passes a signal on nor execs: `kill -9` of npx leaves the shell, and the
 * server's parent never changes. Listeners come off once it resolves, so a second Ctrl-C while
 * stopping ends the process at once.
 */
export function waitForStop({ launcher, intervalMs = 200 }: WaitForStopOptions): Promise<StopReason> {
  return new Promise((resolve) => {
    const stop = (reason: StopReason) => {
      for (const signal of stopSignals) process.off(signal, stop)
      clearInterval(timer)
      resolve(reason)
    }
    for (const signal of stopSignals) process.on(signal, stop)
    const timer = launcher && setInterval(() => launcher.gone() && stop('parent process exited'), intervalMs)
    // The server keeps the process alive; the watch alone must not.
    timer?.unref()
    if (launcher?.gone()) stop('parent process exited')
  })
}
