import { watchLauncher } from './launcher-chain.ts'

/** What told the server to stop. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent process exited'

export interface WaitForStopOptions {
  /** Also stop when the process that started this one goes away, or any wrapper between them. */
  watchParent: boolean
  /** How often to look for the launcher; a stop must not wait longer than this. */
  intervalMs?: number
}

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

// Recorded when the CLI loads, not when the server is up: a launcher that ends while the gateway
// loads must not go unnoticed.
const launcher = watchLauncher()

/**
 * Resolves once the process is told to stop: SIGINT, SIGTERM or SIGHUP (a closed terminal), or,
 * with `watchParent`, the end of the process that launched it or of any wrapper in between. The
 * wrappers are watched because npm and npx run a bin through `sh -c`, and on systems whose `sh` is
 * dash that shell neither passes a signal on nor execs: `kill -9` of npx leaves the shell, and the
 * server's parent never changes. Listeners come off once it resolves, so a second Ctrl-C while
 * stopping ends the process at once.
 */
export function waitForStop({ watchParent, intervalMs = 200 }: WaitForStopOptions): Promise<StopReason> {
  return new Promise((resolve) => {
    const stop = (reason: StopReason) => {
      for (const signal of signals) process.off(signal, stop)
      clearInterval(timer)
      resolve(reason)
    }
    for (const signal of signals) process.on(signal, stop)
    const timer = watchParent ? setInterval(() => launcher.gone() && stop('parent process exited'), intervalMs) : undefined
    // The server keeps the process alive; the watch alone must not.
    timer?.unref()
    if (watchParent && launcher.gone()) stop('parent process exited')
  })
}
