// BENCH_ONLY=count: the instructions a start executes, from spawn to the first answered
// GET /v1/models, counted by valgrind for the bare server and the gateway (with its compile cache
// full, and with none). Unlike a time on a shared machine, the count barely moves from run to
// run, so it tells
// whether a change to start-up made it cheaper; docs/performance.md lists what each step bought.
// Each server runs under valgrind with a preload that exits after its first answer; the
// gateway's compile cache is written by a start before the counted one, as a second start finds it.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { firstAnswer, freePort, hasCommand, startWritingCompileCache } from './processes.ts'

const exitAfterFirstAnswer = new URL('exit-after-first-answer.mjs', import.meta.url).pathname

/** The instructions one start executes, all threads together (valgrind's "guest instrs"). */
async function countStart(
  serverArgs: (port: number) => string[],
  headers: Record<string, string>,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const port = await freePort()
  const child = spawn(
    'valgrind',
    [
      '--tool=lackey',
      '--basic-counts=yes',
      // V8 writes machine code at run time: valgrind must check for it.
      '--smc-check=all-non-file',
      process.execPath,
      '--import',
      exitAfterFirstAnswer,
      ...serverArgs(port),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } },
  )
  let report = ''
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (report += text))
  const exited = once(child, 'exit')
  // Under valgrind a start takes half a minute or more.
  await firstAnswer(child, `http://127.0.0.1:${port}/v1/models`, headers, performance.now(), 300_000).catch((error: Error) => {
    throw new Error(`${error.message} under valgrind:\n${report}`)
  })
  await exited
  const counted = /guest instrs:\s+([\d,]+)/.exec(report)?.[1]
  if (!counted) throw new Error(`valgrind reported no count:\n${report}`)
  return Number(counted.replaceAll(',', ''))
}

/** The section's lines, or one line saying why it was skipped. */
export async function countStartRows(options: {
  bin: string
  cwd: string
  bareScript: string
  repliesFile: string
  work: string
  headers: Record<string, string>
}): Promise<string[]> {
  if (!hasCommand('valgrind', ['--version'])) return ['Start, counted: skipped (valgrind is not installed)']
  const cacheDir = join(options.work, 'count-compile-cache')
  await startWritingCompileCache(options.bin, options.cwd, cacheDir, options.headers)
  const bare = await countStart((p) => [options.bareScript, String(p), options.repliesFile], options.headers, {})
  const gateway = await countStart((p) => [options.bin, '--port', String(p)], options.headers, { NODE_COMPILE_CACHE: cacheDir })
  // As the start row with no compile cache runs it: nothing cached, the whole serve bundle compiled.
  const uncached = await countStart((p) => [options.bin, '--port', String(p)], options.headers, { NODE_DISABLE_COMPILE_CACHE: '1' })
  const millions = (count: number) => `${(count / 1e6).toFixed(0)} M`
  return [
    'Start, counted: instructions from spawn to the first answered GET /v1/models (valgrind)',
    `  bare node:http                        ${millions(bare).padStart(8)}`,
    `  llm-gateway-mock, compile cache full  ${millions(gateway).padStart(8)}   (${(gateway / bare).toFixed(2)}× bare)`,
    `    no compile cache                    ${millions(uncached).padStart(8)}   (${(uncached / bare).toFixed(2)}× bare)`,
  ]
}
