// The benchmark's processes: spawned on a core of their own where the machine has two, found by
// polling rather than by what they print, and measured from outside (ps) so that every server,
// the bare one included, is measured the same way.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions, type StdioOptions } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { once } from 'node:events'
import { procStatFields } from '../src/cli/process/process-table.ts'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { availableParallelism } from 'node:os'

/** Whether `command` is installed: it runs with `args` (a version flag) and exits 0. */
export function hasCommand(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Whether servers and the load generator run on separate cores: `taskset`, on Linux with two
 * cores or more, unless BENCH_PIN=0.
 */
export const pinned = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2 && hasCommand('taskset', ['-V'])

/** The core servers run on; the benchmark (the load generator) pins itself to core 0. */
const serverCore = '1'

/** Pins this process, all its threads included, to core 0. */
export function pinSelf(): void {
  if (pinned) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** Runs `command` on the servers' core; `taskset` execs it, so the PID is the command's. */
export function spawnOnServerCore(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return pinned ? spawn('taskset', ['-c', serverCore, command, ...args], options) : spawn(command, args, options)
}

/** Runs `node` with `args` on the servers' core. */
export function spawnNode(args: string[], stdio: StdioOptions, cwd?: string, env?: NodeJS.ProcessEnv): ChildProcess {
  return spawnOnServerCore(process.execPath, args, { stdio, cwd, env: env && { ...process.env, ...env } })
}

/** The status of one GET (0: no connection), on a fresh connection. */
export function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
      res.once('error', () => resolve(0))
    })
    req.once('error', () => resolve(0))
    req.end()
  })
}

/**
 * Polls `url` every 2 ms until it answers 200: the time from `startedAt` to that answer, or a
 * rejection when the process exits first or `ms` pass.
 */
export async function firstAnswer(
  child: ChildProcess,
  url: string,
  headers: Record<string, string>,
  startedAt: number,
  ms = 30_000,
): Promise<number> {
  let exited = false
  child.once('exit', () => (exited = true))
  const deadline = startedAt + ms
  while (performance.now() < deadline) {
    if ((await statusOf(url, headers)) === 200) return performance.now() - startedAt
    if (exited) throw new Error(`${url}: the server exited before it answered`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  throw new Error(`${url}: no 200 within ${ms} ms`)
}

/**
 * Starts the gateway once with its compile cache in `cacheDir`, makes the requests `then` makes
 * (the code they run is cached too), and keeps it running until it has written the cache (a
 * second after it listens), then stops it: the time to its first answer, with the cache as it
 * found it.
 */
export async function startWritingCompileCache(
  bin: string,
  cwd: string,
  cacheDir: string,
  headers: Record<string, string>,
  then: (url: string) => Promise<void> = async () => {},
): Promise<number> {
  const port = await freePort()
  const startedAt = performance.now()
  const child = spawnNode([bin, '--port', String(port)], ['ignore', 'ignore', 'inherit'], cwd, { NODE_COMPILE_CACHE: cacheDir })
  try {
    const answeredAfter = await firstAnswer(child, `http://127.0.0.1:${port}/v1/models`, headers, startedAt)
    await then(`http://127.0.0.1:${port}`)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    return answeredAfter
  } finally {
    await stopProcess(child, 'SIGTERM')
  }
}

/** The resident memory of a process, in MB, as `ps` reports it. */
export function rssMb(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * The CPU time a process has used so far (user and system, all its threads), in ms, where
 * /proc tells it (Linux); else undefined. Per request it is steadier than throughput on a shared
 * machine: other processes take turns on the wall clock, not on this.
 */
export function cpuMs(pid: number): number | undefined {
  const fields = procStatFields(pid)
  // utime and stime, fields 14 and 15 of the stat line.
  return fields && ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000
}

/**
 * The CPU time a process's live threads have used so far, in ms, to the nanosecond
 * (/proc/<pid>/task/<tid>/schedstat, Linux); else `cpuMs`'s, in clock ticks. For a start, where
 * a tick (10 ms) is a twentieth of the figure; the threads that have already ended are not counted.
 */
export function preciseCpuMs(pid: number): number | undefined {
  try {
    const threads = readdirSync(`/proc/${pid}/task`)
    const ns = threads.reduce((sum, tid) => sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]), 0)
    return Number.isFinite(ns) ? ns / 1e6 : cpuMs(pid)
  } catch {
    return cpuMs(pid)
  }
}

/** Kills a process the benchmark started, by its PID, and waits for it to end. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill(signal)
  await exited
}

/** The sum of some numbers. */
export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** "median (min–max)", each to `digits` decimals. */
export function range(values: readonly number[], digits = 0): string {
  const f = (x: number) => x.toFixed(digits)
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`
}
