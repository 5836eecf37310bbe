import { stripVTControlCharacters } from 'node:util'
import { loadQuickServe } from '../../src/cli/process/load-quick-serve.ts'
import { runCli } from '../../src/cli/run-cli.ts'

export interface CliOutcome {
  /** The exit code `bin` would set. */
  code: number
  /** What the command printed to stdout and stderr, in order, as a terminal shows it. */
  output: string
}

/**
 * Runs the CLI on `args` inside the test's process, as `bin` does, and collects what it prints.
 * Starting the bin costs a process per case; a case that checks what a command says (usage errors,
 * help, keys, validation) and not the process itself runs here. A few black-box spawns per command
 * stay in the files that prove the process (exit codes, signals, the built bundle). Only for lines
 * that end by themselves: a serve line that starts listening would keep serving in the test.
 */
export async function runCliInProcess(args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  let output = ''
  const write = (chunk: unknown) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()
    return true
  }
  const line = (...values: unknown[]) => write(`${values.map(String).join(' ')}\n`)
  const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info }
  const streams = { stdout: process.stdout.write, stderr: process.stderr.write }
  const environment = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  Object.assign(console, { log: line, error: line, warn: line, info: line })
  process.stdout.write = write as typeof process.stdout.write
  process.stderr.write = write as typeof process.stderr.write
  try {
    const code = await runCli(args, loadQuickServe)
    return { code, output: stripVTControlCharacters(output) }
  } finally {
    Object.assign(console, saved)
    process.stdout.write = streams.stdout
    process.stderr.write = streams.stderr
    for (const [name, value] of Object.entries(environment)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}
