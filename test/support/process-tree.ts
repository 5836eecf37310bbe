import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

interface ProcessRow {
  pid: number
  ppid: number
  /** A zombie has exited; only its parent's wait is missing (an orphan's new parent may never wait). */
  zombie: boolean
  command: string
}

// Read from /proc where there is one: the suite reads the table about 200 times, and a `ps` a
// time was a process to start for each (about 15 ms of CPU).
function processTable(): ProcessRow[] {
  return process.platform === 'linux' ? procTable() : psTable()
}

function procTable(): ProcessRow[] {
  const rows: ProcessRow[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // The command name is in parentheses and may hold spaces or parentheses itself: the fields
      // that follow start after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0$/, '').replaceAll('\0', ' ')
      rows.push({ pid: Number(name), ppid: Number(ppid), zombie: state === 'Z', command: args })
    } catch {
      // Gone between the listing and the read.
    }
  }
  return rows
}

function psTable(): ProcessRow[] {
  const text = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' })
  const rows: ProcessRow[] = []
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line)
    if (match) rows.push({ pid: Number(match[1]), ppid: Number(match[2]), zombie: match[3]!.startsWith('Z'), command: match[4]! })
  }
  return rows
}

/**
 * `root` and every process below it, with their command lines. Read it while they run: once a
 * parent dies its children belong to init, and nothing links them to `root` any more.
 */
export function processTree(root: number): Map<number, string> {
  const rows = processTable()
  const tree = new Map<number, string>()
  const command = rows.find((row) => row.pid === root)?.command
  if (command === undefined) return tree
  tree.set(root, command)
  // Bounded: a tree cannot be deeper than the table is long.
  for (let depth = 0; depth < rows.length; depth++) {
    const size = tree.size
    for (const row of rows) if (tree.has(row.ppid) && !tree.has(row.pid)) tree.set(row.pid, row.command)
    if (tree.size === size) break
  }
  return tree
}

/** Those of `tree` still running: same pid, same command line (so a reused pid does not count), not a zombie. */
export function survivors(tree: Map<number, string>): number[] {
  const running = new Map(processTable().map((row) => [row.pid, row]))
  return [...tree]
    .filter(([pid, command]) => {
      const row = running.get(pid)
      return row !== undefined && !row.zombie && row.command === command
    })
    .map(([pid]) => pid)
}

/** SIGKILLs whatever of `tree` still runs, by pid: a failed test must not leave a server behind. */
export function killSurvivors(tree: Map<number, string>): void {
  for (const pid of survivors(tree)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone between the look and the kill.
    }
  }
}

/** Whether nothing listens on `port` on 127.0.0.1: this process can bind it. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Polls `check` every 50 ms until it holds or `ms` pass; resolves with its last answer. */
export async function eventually(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  let holds = await check()
  while (!holds && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    holds = await check()
  }
  return holds
}
