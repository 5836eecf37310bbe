// npm run bench: the figures of docs/performance.md, each against a baseline measured in the same
// run, in alternating rounds (on a small shared machine throughput drifts a lot within a
// minute, and both sides should see the same drift), every round printed:
// - start: the built bin spawned until its first 200 on GET /v1/models, against a bare node:http
//   server; its idle memory, and its first chat completion (which waits for the tokenizer);
// - http: the built bin as users run it (request log on, written to a file), against a bare
//   node:http server sending the same bytes and @copilotkit/aimock when it is installed (aimock.ts),
//   loaded with autocannon from another core; the server's CPU time per answered request beside
//   requests/s (BENCH_QUIET=1 adds the gateway with --quiet);
// - in-process: the handlers under msw's setupServer against a trivial msw handler;
// - prompts: 1 MiB prompts counted, and sent to the server (long-prompts.ts);
// - count (only when asked, BENCH_ONLY=count): the instructions of a start, counted by valgrind (count-start.ts);
// - count-requests (only when asked): the instructions of a warm request, counted by callgrind (count-requests.ts);
// - first-npx (only when asked, BENCH_ONLY=first-npx): a fresh clone's npm ci and first npx (first-npx.ts).
import { copyFileSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { createGateway, visibleModels } from '../src/index.ts'
import { installPackedProject } from '../test/support/packed-project.ts'
import { benchWorld } from './bench-world.ts'
import type { InProcessResults } from './in-process.ts'
import { countingRows, longPromptRows } from './long-prompts.ts'
import { countStartRows } from './count-start.ts'
import { countRequestRows } from './count-requests.ts'
import { firstNpxRows } from './first-npx.ts'
import { aimockFixtures, findAimock } from './aimock.ts'
import {
  cpuMs,
  firstAnswer,
  freePort,
  median,
  sum,
  pinned,
  pinSelf,
  preciseCpuMs,
  range,
  rssMb,
  spawnNode,
  startWritingCompileCache,
  stopProcess,
} from './processes.ts'
import type { BareReplies } from './bare-replies.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 2)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const warmUpSeconds = Number(process.env.BENCH_WARM_UP ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const starts = Number(process.env.BENCH_STARTS ?? 10)
const inProcessRuns = Number(process.env.BENCH_IN_PROCESS_RUNS ?? 4)
const inProcessBlocks = 2 * Math.ceil(Number(process.env.BENCH_IN_PROCESS_BLOCKS ?? 8) / 2)
const inProcessBlockMs = Number(process.env.BENCH_IN_PROCESS_BLOCK_MS ?? 250)
/** What BENCH_IN_PROCESS_CONTROL puts in the gateway's place (in-process.ts), by the name its line gets. */
const inProcessControls: Record<string, string> = { aa: 'trivial, again (A/A)', headers: 'trivial + request ids' }
const logTo = process.env.BENCH_LOG === 'pipe' ? 'pipe' : 'file'
const withQuiet = process.env.BENCH_QUIET === '1'
const sections = new Set((process.env.BENCH_ONLY ?? 'start,http,in-process,prompts').split(',').map((name) => name.trim()))

const auth = { authorization: 'Bearer sk-unrestricted' }
const chatHeaders = { ...auth, 'content-type': 'application/json' }
const chatBody = (stream: boolean, model = 'lorem-50') =>
  JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'Benchmark me, please.' }] })
const bareScript = new URL('serve-bare.mjs', import.meta.url).pathname

pinSelf()
const work = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bench-'))

/** The package as the benchmark runs it: this checkout's build, or (BENCH_PACKED=1) the packed tarball installed. */
function packageUnderTest(): { bin: string; cwd: string; inProcessScript: string; describe: string; remove(): void } {
  const repo = new URL('..', import.meta.url).pathname
  const inProcess = new URL('in-process.ts', import.meta.url).pathname
  if (process.env.BENCH_PACKED !== '1') {
    return {
      bin: join(repo, 'bin/llm-gateway-mock.js'),
      cwd: repo,
      inProcessScript: inProcess,
      describe: "this checkout's build",
      remove() {},
    }
  }
  const packed = installPackedProject({})
  const script = join(packed.project, 'in-process.ts')
  copyFileSync(inProcess, script)
  return {
    bin: join(packed.project, 'node_modules/llm-gateway-mock/bin/llm-gateway-mock.js'),
    cwd: packed.project,
    inProcessScript: script,
    describe: 'the packed tarball, installed',
    remove: packed.remove,
  }
}

const subject = packageUnderTest()
const worldFile = join(work, 'bench-world.json')
writeFileSync(worldFile, JSON.stringify(benchWorld))
const progress = (line: string) => process.stderr.write(`bench: ${line}\n`)
const aimock = findAimock(new URL('..', import.meta.url).pathname)
const aimockName = 'bin' in aimock ? `aimock ${aimock.version}` : 'aimock'
/** Where aimock's fixture folder is, once the gateway's reply text is known. */
let aimockSetup: { dir: string; chunkSize: number } | undefined

interface Server {
  name: string
  pid: number
  url: string
  /** Answers the same bytes as the bare server (the gateway does; aimock answers its own shapes). */
  sameBytes: boolean
  stop(): Promise<void>
}

/** The built bin, serving the benchmark's world; its request log goes to `log` (or nowhere with --quiet). */
async function startGateway(name: string, flags: string[], log: 'file' | 'pipe' | 'ignore'): Promise<Server & { logFile?: string }> {
  const port = await freePort()
  const logFile = log === 'file' ? join(work, `${name.replace(/\W+/g, '-')}.log`) : undefined
  const stdout = log === 'file' ? openSync(logFile!, 'w') : log
  const child = spawnNode([subject.bin, '--port', String(port), '--world', worldFile, ...flags], ['ignore', stdout, 'inherit'], subject.cwd)
  // A pipe as CI's runner reads it: drained as fast as it comes.
  child.stdout?.resume()
  const url = `http://127.0.0.1:${port}`
  await firstAnswer(child, `${url}/v1/models`, auth, performance.now())
  return { name, pid: child.pid!, url, logFile, sameBytes: true, stop: () => stopProcess(child, 'SIGTERM') }
}

async function startBare(repliesFile: string): Promise<Server> {
  const port = await freePort()
  const child = spawnNode([bareScript, String(port), repliesFile], ['ignore', 'ignore', 'inherit'])
  const url = `http://127.0.0.1:${port}`
  await firstAnswer(child, `${url}/v1/models`, auth, performance.now())
  return { name: 'bare node:http', pid: child.pid!, url, sameBytes: true, stop: () => stopProcess(child) }
}

/** aimock's CLI as its users run it (its log at its default level, to a file, as the gateway's). */
function aimockArgs(port: number): string[] {
  if (!('bin' in aimock) || !aimockSetup) throw new Error('aimock is not set up')
  return [aimock.bin, '--port', String(port), '--fixtures', aimockSetup.dir, '--chunk-size', String(aimockSetup.chunkSize)]
}

async function startAimock(): Promise<Server> {
  const port = await freePort()
  const child = spawnNode(aimockArgs(port), ['ignore', openSync(join(work, 'aimock.log'), 'w'), 'inherit'])
  const url = `http://127.0.0.1:${port}`
  await firstAnswer(child, `${url}/v1/models`, auth, performance.now())
  return { name: aimockName, pid: child.pid!, url, sameBytes: false, stop: () => stopProcess(child) }
}

/** What the bare server sends: the gateway's model list for each key, and its answers to the chat requests. */
async function referenceReplies(): Promise<BareReplies> {
  const gateway = await createGateway({ world: benchWorld })
  const lists: Record<string, unknown> = {}
  for (const token of gateway.world.tokens.all()) {
    const user = gateway.world.findUser(token.userId)!
    const data = visibleModels(gateway.world, token, user).map((model) => ({
      id: model.id,
      object: 'model',
      created: model.created,
      owned_by: model.ownedBy,
      supported_endpoint_types: model.endpointTypes,
    }))
    lists[`Bearer ${token.key}`] = { success: true, object: 'list', data }
  }
  const server = await startGateway('reference', ['--quiet'], 'ignore')
  try {
    const post = (stream: boolean) =>
      fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers: chatHeaders, body: chatBody(stream) }).then((r) => r.text())
    const chunks = (await post(true))
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)))
    return { lists, completion: JSON.parse(await post(false)), chunks }
  } finally {
    await server.stop()
  }
}

const table: string[] = []
const say = (line = '') => table.push(line)

/** One row of the summary: a figure for each server, and the goal it is held to. */
interface Goal {
  row: string
  bare?: string
  aimock?: string
  ours?: string
  goal: string
  met?: boolean
}
const goals: Goal[] = []
const ms = (x: number) => `${x.toFixed(0)} ms`
const mb = (x: number) => `${x.toFixed(0)} MB`

// ---------------------------------------------------------------- start
async function startSection(repliesFile: string): Promise<void> {
  const runs: Record<'bare' | 'gateway' | 'uncached' | 'aimock', number[]> = { bare: [], gateway: [], uncached: [], aimock: [] }
  // The CPU time each process has used when its first 200 arrives: far steadier than the wall time
  // on a shared machine, where other processes take turns (read from outside, so the few
  // microseconds between the answer and the read count too).
  const cpu: Record<'bare' | 'gateway' | 'uncached' | 'aimock', number[]> = { bare: [], gateway: [], uncached: [], aimock: [] }
  const idle: number[] = []
  const bareIdle: number[] = []
  const firstChat: number[] = []
  const afterChat: number[] = []
  // The compile cache in a folder of this run's own, so that what it holds does not depend on what
  // ran before: the first start finds it empty (as the first start on a fresh CI runner does),
  // answers a chat completion as each round does, and writes the cache; every start after that
  // finds it full, the chat route's code too (as a runner that keeps the folder between jobs
  // does). The starts with no compile cache at all run with NODE_DISABLE_COMPILE_CACHE=1.
  const cacheDir = join(work, 'compile-cache')
  const env = { NODE_COMPILE_CACHE: cacheDir }
  progress('start with an empty compile cache')
  const emptyCache = await startWritingCompileCache(subject.bin, subject.cwd, cacheDir, auth, async (url) => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: chatHeaders,
      body: chatBody(false, 'gpt-4o-mini'),
    })
    await response.arrayBuffer()
  })
  const kinds = ['bare', 'gateway', 'uncached', ...('bin' in aimock ? ['aimock'] : [])] as (keyof typeof runs)[]
  for (let round = 0; round < starts; round++) {
    progress(`start ${round + 1}/${starts}`)
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!)
    for (const which of order) {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const startedAt = performance.now()
      if (which === 'bare' || which === 'aimock') {
        const args = which === 'bare' ? [bareScript, String(port), repliesFile] : aimockArgs(port)
        const child = spawnNode(args, ['ignore', 'ignore', 'inherit'])
        try {
          runs[which].push(await firstAnswer(child, `${url}/v1/models`, auth, startedAt))
          cpu[which].push(preciseCpuMs(child.pid!) ?? NaN)
          if (which === 'bare') {
            await new Promise((resolve) => setTimeout(resolve, 500))
            bareIdle.push(rssMb(child.pid!))
          }
        } finally {
          await stopProcess(child)
        }
        continue
      }
      // As `npx llm-gateway-mock --port N` runs: the default world, the request log on.
      const child = spawnNode(
        [subject.bin, '--port', String(port)],
        ['ignore', 'ignore', 'inherit'],
        subject.cwd,
        which === 'gateway' ? env : { NODE_DISABLE_COMPILE_CACHE: '1' },
      )
      try {
        runs[which].push(await firstAnswer(child, `${url}/v1/models`, auth, startedAt))
        cpu[which].push(preciseCpuMs(child.pid!) ?? NaN)
        if (which === 'uncached') continue
        await new Promise((resolve) => setTimeout(resolve, 500))
        idle.push(rssMb(child.pid!))
        const chatAt = performance.now()
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: chatHeaders,
          body: chatBody(false, 'gpt-4o-mini'),
        })
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`first chat completion: ${response.status}`)
        firstChat.push(performance.now() - chatAt)
        afterChat.push(rssMb(child.pid!))
      } finally {
        await stopProcess(child)
      }
    }
  }
  const line = (name: string, values: number[], unit: string, more = '') =>
    say(`  ${name.padEnd(30)} ${range(values).padStart(16)} ${unit}${more}   rounds: ${values.map((x) => x.toFixed(0)).join(', ')}`)
  const bare = median(runs.bare)
  const times = (values: number[]) => `   ${(median(values) / bare).toFixed(2)}× bare`
  say(`Start: spawn until the first 200 on GET /v1/models (${starts} starts each, rotating; median (min–max))`)
  line('bare node:http', runs.bare, 'ms')
  line('llm-gateway-mock', runs.gateway, 'ms', times(runs.gateway))
  line('  no compile cache', runs.uncached, 'ms', times(runs.uncached))
  say(`    its first start, with the compile cache empty: ${emptyCache.toFixed(0)} ms`)
  if (runs.aimock.length > 0) line(`${aimockName} (llmock)`, runs.aimock, 'ms', times(runs.aimock))
  const bareCpu = median(cpu.bare)
  const cpuTimes = (values: number[]) => `   ${(median(values) / bareCpu).toFixed(2)}× bare`
  line('CPU time to it: bare', cpu.bare, 'ms')
  line('  llm-gateway-mock', cpu.gateway, 'ms', cpuTimes(cpu.gateway))
  line('    no compile cache', cpu.uncached, 'ms', cpuTimes(cpu.uncached))
  if (cpu.aimock.length > 0) line(`  ${aimockName}`, cpu.aimock, 'ms', cpuTimes(cpu.aimock))
  line('idle RSS, 0.5 s after: bare', bareIdle, 'MB')
  line('  llm-gateway-mock', idle, 'MB')
  line('first chat completion', firstChat, 'ms', '   (waits for the tokenizer to load)')
  line('RSS after it', afterChat, 'MB')
  const aimockStart = runs.aimock.length > 0 ? median(runs.aimock) : undefined
  const startRow = (row: string, values: number[], limit: number): Goal => {
    const ratio = median(values) / bare
    return {
      row,
      bare: ms(bare),
      aimock: aimockStart === undefined ? undefined : `${ms(aimockStart)} = ${(aimockStart / bare).toFixed(2)}×`,
      ours: `${ms(median(values))} = ${ratio.toFixed(2)}×`,
      goal: `≤ ${limit}× bare`,
      met: ratio <= limit,
    }
  }
  goals.push(
    startRow('cold start to first 200, warm compile cache', runs.gateway, 1.25),
    startRow('cold start to first 200, no compile cache', runs.uncached, 1.5),
    {
      row: 'idle RSS (0.5 s after the first 200)',
      bare: mb(median(bareIdle)),
      ours: `${mb(median(idle))} (${mb(median(afterChat))} with the tokenizer)`,
      goal: 'as before: ≤ 68 MB (66 MB, ± 2 between runs)',
      met: median(idle) <= 68,
    },
  )
}

// ---------------------------------------------------------------- http
interface Case {
  name: string
  short: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  /** What the goal is read from: CPU time per request for a small answer, requests/s for a stream (mostly the writes). */
  by: 'cpu' | 'rps'
  target: number
}

const cases: Case[] = [
  { name: 'GET /v1/models', short: '`GET /v1/models`', method: 'GET', path: '/v1/models', headers: auth, by: 'cpu', target: 0.6 },
  {
    name: 'POST /v1/chat/completions',
    short: 'non-stream chat',
    method: 'POST',
    path: '/v1/chat/completions',
    headers: chatHeaders,
    body: chatBody(false),
    by: 'cpu',
    target: 0.6,
  },
  {
    name: 'POST /v1/chat/completions, 50-chunk stream',
    short: '50-chunk stream',
    method: 'POST',
    path: '/v1/chat/completions',
    headers: chatHeaders,
    body: chatBody(true),
    by: 'rps',
    target: 1.0,
  },
]

const call = async (server: Server, c: Case) => {
  const response = await fetch(server.url + c.path, { method: c.method, headers: c.headers, body: c.body })
  return { status: response.status, text: await response.text() }
}

/** Timestamps differ from one second to the next; everything else must match byte for byte. */
const normalise = (body: string) => body.replace(/"created":\d+/g, '"created":0')

const load = (server: Server, c: Case, duration: number) =>
  autocannon({ url: server.url + c.path, method: c.method, headers: c.headers, body: c.body, connections, duration })

interface Round {
  requestsPerSecond: number
  /** The server's CPU time per answered request, in µs (NaN where /proc does not tell). */
  cpuUs: number
  p99Ms: number
  rssMb: number
  non2xx: number
}

async function measure(server: Server, c: Case): Promise<Round> {
  const cpuBefore = cpuMs(server.pid) ?? NaN
  const run = await load(server, c, seconds)
  const cpuUs = (((cpuMs(server.pid) ?? NaN) - cpuBefore) * 1000) / run.requests.total
  return { requestsPerSecond: run.requests.average, cpuUs, p99Ms: run.latency.p99, rssMb: rssMb(server.pid), non2xx: run.non2xx }
}

async function httpSection(servers: Server[], logged: Server & { logFile?: string }): Promise<void> {
  const [bare] = servers as [Server]
  const ours = logged
  const other = servers.find((server) => !server.sameBytes)
  say(
    `HTTP: ${connections} connections from another core; ${rounds} rounds of ${seconds} s per server, rotating who goes first; medians.\n` +
      `CPU is the server's user and system time (/proc) per answered request; "of bare" is bare's CPU per request ÷ the server's (higher is better).`,
  )
  if (!other) say(`  (${'missing' in aimock ? aimock.missing : 'aimock not measured'}: its rows are left out)`)
  for (const c of cases) {
    const reference = normalise((await call(bare, c)).text)
    for (const server of servers.slice(1)) {
      const answer = await call(server, c)
      if (server.sameBytes ? normalise(answer.text) !== reference : answer.status !== 200) {
        throw new Error(`${c.name}: ${server.name} answered differently from the bare server; the comparison would mean nothing`)
      }
    }
    // Until V8 has settled: with one second, the gateway still optimised 40-50 functions in each of
    // the next two rounds, and paid for it in their CPU per request (docs/performance.md, "What it measures").
    for (const server of servers) await load(server, c, warmUpSeconds)
    const runs = new Map<Server, Round[]>(servers.map((server) => [server, []]))
    for (let round = 0; round < rounds; round++) {
      progress(`${c.name}, round ${round + 1}/${rounds}`)
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!)
      for (const server of order) runs.get(server)!.push(await measure(server, c))
    }
    say(`\n${c.name}`)
    const bareRuns = runs.get(bare)!
    const bareCpu = median(bareRuns.map((r) => r.cpuUs))
    const bareRps = median(bareRuns.map((r) => r.requestsPerSecond))
    const figures = new Map<Server, { cpu: number; cpuRatio: number; rpsRatio: number }>()
    for (const server of servers) {
      const all = runs.get(server)!
      const rps = all.map((r) => r.requestsPerSecond)
      const cpu = all.map((r) => r.cpuUs)
      const middle = all.find((r) => r.requestsPerSecond === median(rps))!
      const non2xx = all.reduce((sum, r) => sum + r.non2xx, 0)
      say(
        `  ${server.name.padEnd(24)} ${median(cpu).toFixed(0).padStart(5)} µs CPU/req ${median(rps).toFixed(0).padStart(6)} req/s ${middle.p99Ms.toFixed(1).padStart(6)} ms p99 ` +
          `${Math.max(...all.map((r) => r.rssMb))
            .toFixed(0)
            .padStart(4)} MB RSS (max) ${String(non2xx).padStart(4)} non-2xx`,
      )
      say(`    rounds: ${cpu.map((x) => x.toFixed(0)).join(', ')} µs CPU/req; ${rps.map((x) => x.toFixed(0)).join(', ')} req/s`)
      if (server === bare) continue
      const cpuRatio = bareCpu / median(cpu)
      const rpsRatio = median(rps) / bareRps
      figures.set(server, { cpu: median(cpu), cpuRatio, rpsRatio })
      const paired = (f: (r: Round, b: Round) => number) => all.map((r, i) => f(r, bareRuns[i]!).toFixed(2)).join(', ')
      say(
        `    of bare: ${cpuRatio.toFixed(2)} by CPU per request (rounds: ${paired((r, b) => b.cpuUs / r.cpuUs)}), ` +
          `${rpsRatio.toFixed(2)} by req/s (rounds: ${paired((r, b) => r.requestsPerSecond / b.requestsPerSecond)})`,
      )
    }
    const mine = figures.get(ours)!
    const theirs = other && figures.get(other)
    if (c.by === 'cpu') {
      goals.push({
        row: `${c.short}, CPU per request`,
        bare: `${bareCpu.toFixed(0)} µs`,
        aimock: theirs && `${theirs.cpu.toFixed(0)} µs = ${theirs.cpuRatio.toFixed(2)}`,
        ours: `${mine.cpu.toFixed(0)} µs = ${mine.cpuRatio.toFixed(2)} of bare`,
        goal: `≥ ${c.target} of bare${theirs ? ', less than aimock' : ''}`,
        met: mine.cpuRatio >= c.target && (!theirs || mine.cpu < theirs.cpu),
      })
    } else {
      goals.push({
        row: `${c.short}, req/s`,
        bare: '1.00',
        aimock: theirs && theirs.rpsRatio.toFixed(2),
        ours: mine.rpsRatio.toFixed(2),
        goal: `≥ ${c.target.toFixed(1)} of bare`,
        met: mine.rpsRatio >= c.target,
      })
    }
    for (const [server, figure] of figures) {
      if (server === ours || server === other) continue
      goals.push({
        row: `${c.short}, ${server.name}`,
        ours: `${figure.cpuRatio.toFixed(2)} by CPU, ${figure.rpsRatio.toFixed(2)} by req/s`,
        goal: '',
      })
    }
  }
  if (logged.logFile) {
    const text = readFileSync(logged.logFile, 'utf8')
    say(`\nThe request log: ${text.split('\n').length - 1} lines, ${(text.length / 2 ** 20).toFixed(1)} MB, written to a file`)
  } else say(`\nThe request log: written to a pipe this process drains`)
  // Right after the last round, before the servers are idle long enough to collect garbage.
  const after = new Map(servers.map((server) => [server, rssMb(server.pid)]))
  say(`RSS right after all the load: ${servers.map((server) => `${server.name} ${mb(after.get(server)!)}`).join(', ')}`)
  const ratio = after.get(ours)! / after.get(bare)!
  goals.push({
    row: 'RSS right after the sustained load',
    bare: mb(after.get(bare)!),
    aimock: other && mb(after.get(other)!),
    ours: `${mb(after.get(ours)!)} = ${ratio.toFixed(2)}×`,
    goal: '≤ 1.5× bare',
    met: ratio <= 1.5,
  })
}

// ---------------------------------------------------------------- in-process
async function inProcessSection(): Promise<void> {
  progress('in-process')
  // One process after another, read together (in-process.ts says why).
  const runs: InProcessResults[] = []
  for (let run = 0; run < inProcessRuns; run++) {
    const args = [subject.inProcessScript, worldFile, String(inProcessBlocks), String(inProcessBlockMs)]
    const child = spawnNode(args, ['ignore', 'pipe', 'inherit'], subject.cwd)
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`in-process benchmark exited with ${code}`)
    runs.push(JSON.parse(output) as InProcessResults)
  }
  say(
    `In-process, msw setupServer: sequential fetch calls, the two sides taking turns call by call, in ${inProcessRuns} processes of ${inProcessBlocks} blocks of about ${inProcessBlockMs} ms of CPU, after warm-up`,
  )
  say(
    `  import('llm-gateway-mock') ${median(runs.map((r) => r.importMs)).toFixed(0)} ms, createGateway() ${median(runs.map((r) => r.createMs)).toFixed(0)} ms (in a fresh process, the median of ${inProcessRuns})`,
  )
  say(
    "  CPU is the process's user and system time per call; the goal is read by the gateway's calls over the trivial handler's in all the processes' blocks together.",
  )
  // Per case, every process's blocks in one list, and each process's own reading.
  const results = runs[0]!.cases.map((first) => {
    const all = runs.map((run) => run.cases.find((c) => c.name === first.name)!)
    const joined = (key: 'trivial' | 'gateway' | 'trivialCpu' | 'gatewayCpu') => all.flatMap((c) => c[key])
    /**
     * The gateway's figure over the trivial handler's, all processes together and each on its own.
     * A per-call figure is weighed by the calls of its block (a process's blocks hold as many calls
     * a side as its warm-up said); a median call is not.
     */
    const reading = (figure: 'Cpu' | 'Thread' | 'Median') => {
      const total = (side: 'gateway' | 'trivial') =>
        sum(all.flatMap((c) => c[`${side}${figure}`].map((value) => (figure === 'Median' ? value : value * c.calls))))
      return {
        all: total('gateway') / total('trivial'),
        byProcess: all.map((c) => sum(c[`gateway${figure}`]) / sum(c[`trivial${figure}`])),
      }
    }
    return {
      name: first.name,
      calls: all.map((c) => c.calls).join(', '),
      trivial: joined('trivial'),
      gateway: joined('gateway'),
      trivialCpu: joined('trivialCpu'),
      gatewayCpu: joined('gatewayCpu'),
      cost: reading('Cpu'),
      byMedianCall: reading('Median'),
      byMainThread: reading('Thread'),
    }
  })
  const costs: string[] = []
  let met = true
  for (const c of results) {
    const cost = c.cost.all
    const perBlock = c.gatewayCpu.map((cpu, i) => cpu / c.trivialCpu[i]!)
    const sorted = [...perBlock].sort((a, b) => a - b)
    const quartile = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!.toFixed(2)
    const byCalls = median(c.trivial) / median(c.gateway)
    const byProcess = (figures: number[]) => figures.map((x) => `${x.toFixed(3)}×`).join(', ')
    const line = (name: string, calls: number[], cpu: number[]) =>
      say(
        `    ${name.padEnd(22)} ${median(cpu).toFixed(0).padStart(6)} µs CPU/call ${median(calls).toFixed(0).padStart(6)} calls/s   blocks: ${cpu.map((x) => x.toFixed(0)).join(', ')} µs`,
      )
    say(`  ${c.name}, ${c.calls} calls a side in a block (by process)`)
    line('trivial msw handler', c.trivial, c.trivialCpu)
    line(inProcessControls[process.env.BENCH_IN_PROCESS_CONTROL ?? ''] ?? 'gateway handlers', c.gateway, c.gatewayCpu)
    say(
      `    cost / trivial: ${cost.toFixed(3)}× by the CPU of all the blocks' calls (by process: ${byProcess(c.cost.byProcess)}); by block, median ${median(perBlock).toFixed(3)}× (quartiles ${quartile(0.25)}–${quartile(0.75)}; blocks: ${perBlock.map((x) => x.toFixed(2)).join(', ')}); ${byCalls.toFixed(2)}× by calls/s`,
    )
    say(
      `    by each block's median call (the collections that land on a call left out): ${c.byMedianCall.all.toFixed(3)}× (by process: ${byProcess(c.byMedianCall.byProcess)})`,
    )
    say(
      `    by the main thread's CPU alone (V8's collector and compiler threads, charged to whichever call runs, left out): ${c.byMainThread.all.toFixed(3)}× (by process: ${byProcess(c.byMainThread.byProcess)})`,
    )
    costs.push(`${cost.toFixed(2)}×`)
    met &&= cost <= 1.0
  }
  goals.push({
    row: 'in-process call ÷ a trivial msw handler (models, chat)',
    ours: costs.join(', '),
    goal: '≤ 1.0×',
    met,
  })
}

// ---------------------------------------------------------------- run
try {
  progress(`measuring ${subject.describe}${pinned ? '; servers on core 1, this process on core 0' : '; not pinned to cores'}`)
  if ('missing' in aimock) progress(`${aimock.missing}: no aimock rows`)
  const repliesFile = join(work, 'replies.json')
  const replies = await referenceReplies()
  writeFileSync(repliesFile, JSON.stringify(replies))
  const text = (replies.completion as { choices: { message: { content: string } }[] }).choices[0]!.message.content
  aimockSetup = aimockFixtures(work, 'Benchmark me, please.', text, 50)
  if (sections.has('start')) {
    await startSection(repliesFile)
    say()
  }
  if (sections.has('count')) {
    progress('counting the instructions of a start under valgrind (a minute or two)')
    table.push(...(await countStartRows({ bin: subject.bin, cwd: subject.cwd, bareScript, repliesFile, work, headers: auth })), '')
  }
  if (sections.has('count-requests')) {
    progress('counting the instructions of a request under callgrind (three to six minutes)')
    const counted = cases.map((c) => ({
      ...c,
      name: c.short.replaceAll('`', ''),
      warm: c.by === 'rps' ? 2000 : 3000,
      counted: c.by === 'rps' ? 1000 : 2000,
    }))
    table.push(
      ...(await countRequestRows({
        bin: subject.bin,
        cwd: subject.cwd,
        bareScript,
        repliesFile,
        worldFile,
        work,
        cases: counted,
        aimockArgs: 'bin' in aimock ? aimockArgs : undefined,
      })),
      '',
    )
  }
  if (sections.has('first-npx')) {
    progress('a fresh clone: git clone, npm ci, then its first npx (a minute or so)')
    const { rows, summary: line } = await firstNpxRows({ repo: new URL('..', import.meta.url).pathname, work, headers: auth })
    table.push(...rows, '')
    goals.push({ row: line, goal: '' })
  }
  if (sections.has('http') || sections.has('prompts')) {
    const logged = await startGateway('llm-gateway-mock', [], logTo)
    const servers: Server[] = [await startBare(repliesFile), logged]
    try {
      if (withQuiet) servers.push(await startGateway('llm-gateway-mock --quiet', ['--quiet'], 'ignore'))
      if (sections.has('http') && 'bin' in aimock) servers.push(await startAimock())
      if (sections.has('http')) {
        await httpSection(servers, logged)
        say()
      }
      if (sections.has('prompts')) {
        progress('long prompts')
        table.push(...(await longPromptRows(logged.url, chatHeaders)))
        say()
      }
    } finally {
      for (const server of servers) await server.stop()
    }
  }
  if (sections.has('in-process')) {
    await inProcessSection()
    say()
  }
  if (sections.has('prompts')) table.push(...(await countingRows()))
} finally {
  subject.remove()
  rmSync(work, { recursive: true, force: true })
}

console.log(
  `llm-gateway-mock benchmark: ${subject.describe}, Node.js ${process.version}${pinned ? ', servers and load generator on separate cores' : ''}`,
)
console.log()
console.log(table.join('\n'))
console.log()
const columns: [string, (goal: Goal) => string][] = [
  ['', (goal) => goal.row],
  ['bare node:http', (goal) => goal.bare ?? ''],
  [aimockName, (goal) => goal.aimock ?? ''],
  ['llm-gateway-mock', (goal) => goal.ours ?? ''],
  ['goal', (goal) => goal.goal],
  ['met', (goal) => (goal.met === undefined ? '' : goal.met ? 'yes' : 'NO')],
]
const widths = columns.map(([head, cell]) => Math.max(head.length, ...goals.map((goal) => cell(goal).length)))
console.log('Summary')
console.log(`  ${columns.map(([head], i) => head.padEnd(widths[i]!)).join(' | ')}`)
for (const goal of goals) console.log(`  ${columns.map(([, cell], i) => cell(goal).padEnd(widths[i]!)).join(' | ')}`)
