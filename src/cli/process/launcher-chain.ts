import { procStat, readProc, readPsTable, type ProcessFacts } from './process-table.ts'

/**
 * Programs that only run another: a package manager or runner (npm, npx, pnpm, yarn, bun,
 * corepack) and tsx, whether they are the program or the script node runs. Also the names npm
 * gives itself as its process title ("npm exec …", "npm run …").
 */
const runnerName = /^(npm|npx|pnpm|pnpx|yarn|yarnpkg|bun|bunx|corepack|tsx)(-cli)?(\.[cm]?js)?$/
const tsxCli = /[\\/]tsx[\\/]dist[\\/]cli\.[cm]?js$/
const shells = new Set(['sh', 'dash', 'bash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox'])
/** node's options that take the next word as their value, so it is not the script. */
const nodeOptionsWithValue = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--env-file',
  '-C',
  '--conditions',
  '--title',
])

const basename = (path: string) => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)

/**
 * Whether a process only runs another for someone else: npm and npx run a bin through `sh -c`,
 * npm start through npm, tsx through a node of its own. Killing any of them should stop the
 * server, but none of them is the process that launched it. An interactive shell (no `-c`) or a
 * node script of the user's is a launcher.
 */
export function isWrapper(argv: readonly string[]): boolean {
  // A process that set its title (npm does) shows one string in place of its arguments.
  const words = argv.length === 1 ? argv[0]!.split(' ') : argv
  const program = basename(words[0] ?? '').replace(/^-/, '')
  if (runnerName.test(program)) return true
  if (shells.has(program)) return words.slice(1, 4).some((word) => /^-[A-Za-z]*c[A-Za-z]*$/.test(word))
  if (!/^node(js)?\d*(\.exe)?$/.test(program)) return false
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!
    if (word === '-e' || word === '--eval' || word === '-p' || word === '--print') return false
    if (nodeOptionsWithValue.has(word)) index++
    else if (!word.startsWith('-')) return runnerName.test(basename(word)) || tsxCli.test(word)
  }
  return false
}

interface Watched {
  pid: number
  startTime?: string
}

/**
 * The processes whose end stops the server: the parent, and up the tree through every wrapper to
 * the first process that is not one (the shell, script or test runner that launched it). Only
 * that far: what sits above the launcher (a terminal, a CI agent) is none of the server's business.
 */
function chainFrom(parent: number, facts: (pid: number) => ProcessFacts | undefined): Watched[] {
  const chain: Watched[] = []
  // Bounded: no tree is this deep, and a table read twice cannot loop it.
  for (let pid = parent; pid > 0 && chain.length < 32 && !chain.some((link) => link.pid === pid);) {
    const found = facts(pid)
    if (found === undefined) break
    chain.push({ pid, startTime: found.startTime })
    if (pid === 1 || !isWrapper(found.argv)) break
    pid = found.ppid
  }
  return chain
}

/** Watches the processes that launched this one; `gone()` says whether one of them has ended. */
export interface LauncherWatch {
  gone(): boolean
}

/**
 * Records the chain now (call it as the CLI loads: a launcher that ends while the gateway loads
 * must not go unnoticed). On Linux from /proc, read again at each look with no process spawned;
 * on other POSIX systems from one `ps` in the background, then looked at with signal 0; on Windows
 * (no wrappers between a launcher and node) the parent alone.
 */
export function watchLauncher(): LauncherWatch {
  const parent = process.ppid
  // POSIX hands an orphan to init or a subreaper at once, so the ppid changes when the parent ends.
  const orphaned = () => process.ppid !== parent
  if (process.platform === 'linux') {
    const chain = chainFrom(parent, readProc)
    return {
      gone: () =>
        orphaned() ||
        chain.some(({ pid, startTime }) => {
          // The state and start time are all a look needs: the command lines were read once, above.
          const now = procStat(pid)
          return now === undefined || now.exited || now.startTime !== startTime
        }),
    }
  }
  if (process.platform === 'win32') return { gone: () => !isRunning(parent) }
  let chain: Watched[] = []
  void readPsTable().then((table) => (chain = chainFrom(parent, (pid) => table.get(pid))))
  return { gone: () => orphaned() || chain.some(({ pid }) => !isRunning(pid)) }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}
