/** What told the server to stop. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent process exited'

export interface WaitForStopOptions {
  /** Also stop when the process that started this one goes away. */
  watchParent: boolean
  /** How often to look for the parent; a stop must not wait longer than this. */
  intervalMs?: number
}

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

// Read when the CLI loads, not when the server is up: a parent that dies while the gateway loads
// must not go unnoticed.
const parentAtStart = process.ppid

/**
 * Resolves once the process is told to stop: SIGINT, SIGTERM or SIGHUP (a closed terminal), or,
 * with `watchParent`, its parent exiting. The parent is watched because npm and npx run a bin
 * through `sh -c`, and on systems whose `sh` is dash that shell neither passes a signal on nor
 * execs: `kill $(npx's pid)` kills npm and the shell and leaves the server running with its port,
 * unless it notices that its parent is gone. Listeners come off once it resolves, so a second
 * Ctrl-C while stopping ends the process at once.
 */
export function waitForStop({ watchParent, intervalMs = 200 }: WaitForStopOptions): Promise<StopReason> {
  return new Promise((resolve) => {
    const stop = (reason: StopReason) => {
      for (const signal of signals) process.off(signal, stop)
      clearInterval(timer)
      resolve(reason)
    }
    for (const signal of signals) process.on(signal, stop)
    const timer = watchParent ? setInterval(() => parentGone(parentAtStart) && stop('parent process exited'), intervalMs) : undefined
    // The server keeps the process alive; the watch alone must not.
    timer?.unref()
    if (watchParent && parentGone(parentAtStart)) stop('parent process exited')
  })
}

function parentGone(parent: number): boolean {
  // POSIX hands an orphan to init or a subreaper at once, so its ppid changes.
  if (process.ppid !== parent) return true
  if (process.platform !== 'win32') return false
  // Windows keeps the old ppid: ask whether that process still exists.
  try {
    process.kill(parent, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
