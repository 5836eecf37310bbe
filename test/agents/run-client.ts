// Runs one client to its end in a process group of its own, and kills the group by its id: some
// clients leave helpers behind (MCP servers, a sandbox, a daemon).
import { spawn } from 'node:child_process'
import { delimiter, join } from 'node:path'
import { repo } from '../support/paths.ts'

export interface ClientRun {
  code: number | null
  stdout: string
  stderr: string
}

export function runClient(
  bin: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        // The clients need a current Node: the repo's own (devDependency `node`) comes first.
        PATH: [join(repo, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter),
        LANG: 'C.UTF-8',
        TERM: 'dumb',
        ...options.env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    const timer = setTimeout(killGroup, options.timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      killGroup()
      resolve({ code, stdout, stderr })
    })
  })
}
