// BENCH_ONLY=count-requests: the instructions one request costs a server that has warmed up,
// counted by valgrind's callgrind for the bare server, the gateway and aimock when it is
// installed, case by case (the model list, chat, the 50-chunk stream). A CPU time per request
// moves by a tenth from one round to the next on a shared machine; this count repeats to within a
// few tenths of a per cent when no full collection falls among the counted requests (one adds
// 25–50 k instructions a request, and whether one does moves from run to run), so two runs that
// agree tell whether a change to the request path made it cheaper (docs/performance.md,
// "Counting a request"). It counts user space only: the kernel's part of a request (the socket's writes and
// reads, waking the client) is not in it, and neither is what a cache miss costs.
// Collection is off while the server starts and warms up, and callgrind_control turns it on for
// the counted requests only.
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { firstAnswer, freePort, hasCommand } from './processes.ts'

/** A request the section counts, and how many of each to make before and while counting. */
export interface CountedCase {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  warm: number
  counted: number
}

/** Makes `count` requests over 32 connections, as the load rounds do, and waits for every answer. */
async function load(port: number, count: number, c: CountedCase): Promise<void> {
  const url = `http://127.0.0.1:${port}${c.path}`
  // A minute per answer: under valgrind, the first requests run in V8's interpreter, 50 times slower.
  const run = await autocannon({ url, method: c.method, headers: c.headers, body: c.body, connections: 32, amount: count, timeout: 60 })
  if (run.non2xx > 0 || run.errors > 0) throw new Error(`${c.name}: ${run.non2xx} answers not 2xx, ${run.errors} errors`)
}

/** The instructions per request of one server (`args` after node's) for one case. */
async function countRequests(args: (port: number) => string[], c: CountedCase, work: string, cwd?: string): Promise<number> {
  const port = await freePort()
  const prefix = join(work, `callgrind-${port}`)
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${prefix}.%p.out`,
      // V8 writes machine code at run time: valgrind must check for it.
      '--smc-check=all-non-file',
      process.execPath,
      ...args(port),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], cwd },
  )
  let report = ''
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (report += text))
  const exited = once(child, 'exit')
  try {
    await firstAnswer(child, `http://127.0.0.1:${port}/v1/models`, c.headers, performance.now(), 300_000)
    await load(port, c.warm, c)
    execFileSync('callgrind_control', ['--instr=on', String(child.pid)], { stdio: 'ignore' })
    await load(port, c.counted, c)
    execFileSync('callgrind_control', ['--instr=off', String(child.pid)], { stdio: 'ignore' })
  } catch (error) {
    throw new Error(`${(error as Error).message} under callgrind:\n${report}`, { cause: error })
  } finally {
    child.kill('SIGINT')
    await exited
  }
  // One file per process (and per thread, were threads separated): each ends with its total (its
  // `summary:` line near the top is written before collection starts, and says 0).
  let total = 0
  for (const name of readdirSync(work).filter((file) => file.startsWith(`callgrind-${port}.`))) {
    const totals = /^totals:\s+(\d+)/m.exec(readFileSync(join(work, name), 'utf8'))
    if (totals) total += Number(totals[1])
  }
  if (total === 0) throw new Error(`${c.name}: callgrind counted nothing:\n${report}`)
  return total / c.counted
}

/** The section's lines, or one line saying why it was skipped. */
export async function countRequestRows(options: {
  bin: string
  cwd: string
  bareScript: string
  repliesFile: string
  worldFile: string
  work: string
  cases: CountedCase[]
  /** aimock's command line after node's, when it is installed: counted the same way, in a column of its own. */
  aimockArgs?: (port: number) => string[]
}): Promise<string[]> {
  if (!hasCommand('valgrind', ['--version']) || !hasCommand('callgrind_control', ['-h'])) {
    return ['Requests, counted: skipped (valgrind and its callgrind_control are not installed)']
  }
  const thousands = (count: number) => `${(count / 1000).toFixed(1)} k`
  const rows = [
    'Requests, counted: instructions per request once warm (callgrind, user space, all threads; ' +
      `${options.cases.map((c) => `${c.name}: ${c.counted} counted after ${c.warm}`).join(', ')})`,
    `  ${''.padEnd(24)} ${'bare node:http'.padStart(15)} ${'llm-gateway-mock'.padStart(17)}${options.aimockArgs ? `${'aimock'.padStart(32)}` : ''}`,
  ]
  for (const c of options.cases) {
    const bare = await countRequests((port) => [options.bareScript, String(port), options.repliesFile], c, options.work)
    const gateway = await countRequests(
      (port) => [options.bin, '--port', String(port), '--world', options.worldFile],
      c,
      options.work,
      options.cwd,
    )
    const aimock = options.aimockArgs && (await countRequests(options.aimockArgs, c, options.work))
    rows.push(
      `  ${c.name.padEnd(24)} ${thousands(bare).padStart(15)} ${thousands(gateway).padStart(17)}   (${(gateway / bare).toFixed(2)}× bare)` +
        (aimock === undefined ? '' : `${thousands(aimock).padStart(15)}   (${(aimock / bare).toFixed(2)}× bare)`),
    )
  }
  return rows
}
