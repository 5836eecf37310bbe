import { readFileSync } from 'node:fs'

/** What the stop watch needs to know of a process. */
export interface ProcessFacts {
  pid: number
  ppid: number
  /** Its command line, to tell a wrapper (npm, `sh -c`, tsx) from the process that launched it. */
  argv: string[]
  /** When it started (Linux: clock ticks since boot), so a reused pid is not taken for it. */
  startTime?: string
  /** It has exited: a zombie waits only for its parent to collect its status. */
  exited: boolean
}

/**
 * The fields of Linux's /proc/<pid>/stat after the command name, from the state (field 3) on, or
 * `undefined` for a process that is gone (or a system without /proc).
 */
export function procStatFields(pid: number): string[] | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command name, in parentheses, may itself hold spaces and parentheses: the fields follow the last one.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** What /proc/<pid>/stat says of a process (one small read: all each look of the watch needs), or `undefined` for one that is gone. */
export function procStat(pid: number): Omit<ProcessFacts, 'pid' | 'argv'> | undefined {
  const fields = procStatFields(pid)
  return fields && { ppid: Number(fields[1]), startTime: fields[19], exited: fields[0] === 'Z' || fields[0] === 'X' }
}

/**
 * Linux's /proc: two small reads a process (its stat and its command line), no process spawned.
 * `undefined` for a process that is gone.
 */
export function readProc(pid: number): ProcessFacts | undefined {
  const stat = procStat(pid)
  if (stat === undefined) return undefined
  let argv: string[] = []
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    // Gone between the two reads: its stat said enough.
  }
  return { pid, argv, ...stat }
}

/**
 * Elsewhere on POSIX (macOS, the BSDs): `ps` once, in the background, for every process.
 * child_process is loaded here, not with the CLI: Linux never needs it.
 */
export async function readPsTable(): Promise<Map<number, ProcessFacts>> {
  const { execFile } = await import('node:child_process')
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,stat=,args='], { maxBuffer: 16 * 2 ** 20 }, (error, stdout) => {
      const table = new Map<number, ProcessFacts>()
      if (!error) {
        for (const line of stdout.split('\n')) {
          const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line)
          // `ps` gives the command line joined by spaces: good enough to name the program and its script.
          if (match) {
            const pid = Number(match[1])
            table.set(pid, { pid, ppid: Number(match[2]), argv: match[4]!.split(' '), exited: match[3]!.startsWith('Z') })
          }
        }
      }
      resolve(table)
    })
  })
}
