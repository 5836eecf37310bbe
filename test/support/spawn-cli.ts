import { spawn, type ChildProcess } from 'node:child_process'
import { delimiter, dirname } from 'node:path'
import { killSurvivors, processTree } from './process-tree.ts'

export interface CliProcess {
  child: ChildProcess
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Resolves with the first match of `pattern` in the output (rejects after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>
  /** Resolves with the exit code once the process ends and its output has been read. */
  exited: Promise<number | null>
  /**
   * Notes the process and everything it has started so far (npm's shell, the server under it), so
   * `stop` can find them once they are orphaned; call it while they run. Returns them all.
   */
  recordTree(): Map<number, string>
  /**
   * Records the tree, sends `signal`, then SIGKILL if the process has not ended within `ms`, and
   * SIGKILL to whatever recorded descendant still runs; resolves with the exit code.
   */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>
}

/** Runs a command with its output collected, as a user would see it. */
export function spawnCli(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliProcess {
  // The node running the tests (>= 22.12) comes first on PATH, as it would for a user of the package.
  const path = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PATH: path, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    text += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  // 'exit' can come before the last of the output has been read from the pipes: wait for them to
  // close too, which a descendant still holding them may delay (bounded).
  const closed = (stream: NodeJS.ReadableStream | null) =>
    new Promise<void>((resolve) => (stream ? stream.once('close', () => resolve()) : resolve()))
  const outputClosed = Promise.all([closed(child.stdout), closed(child.stderr)])
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      const bound = setTimeout(() => resolve(code), 2_000)
      void outputClosed.then(() => {
        clearTimeout(bound)
        resolve(code)
      })
    }),
  )
  const tree = new Map<number, string>()
  const recordTree = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      for (const [pid, line] of processTree(child.pid)) tree.set(pid, line)
    }
    return tree
  }
  return {
    child,
    output: () => text,
    exited,
    recordTree,
    async stop(signal = 'SIGTERM', ms = 5_000) {
      recordTree()
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal)
        const timer = setTimeout(() => child.kill('SIGKILL'), ms)
        await exited
        clearTimeout(timer)
      }
      killSurvivors(tree)
      return exited
    },
    waitFor(pattern, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern)
          if (!match) return
          cleanup()
          resolve(match)
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${text}`))
        }, ms)
        const cleanup = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        void exited.then((code) =>
          setTimeout(() => {
            check()
            if (!text.match(pattern)) {
              cleanup()
              reject(new Error(`exited with ${code} before printing ${pattern}; output:\n${text}`))
            }
          }, 0),
        )
        check()
      })
    },
  }
}
