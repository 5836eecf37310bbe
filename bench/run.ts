// npm run bench: the figures of docs/performance.md, each against a baseline measured in the same
// run, in alternating rounds (on a small shared machine throughput drifts a lot within a
// minute, and both sides should see the same drift), every round printed:
// - start: the built bin spawned until its first 200 on GET /v1/models, against a bare node:http
//   server; its idle memory, and its first chat completion (which waits for the tokenizer);
// - http: the built bin as users run it (request log on, written to a file) and with --quiet,
//   against a bare node:http server sending the same bytes, loaded with autocannon from another core;
// - in-process: the handlers under msw's setupServer against a trivial msw handler;
// - prompts: 1 MiB prompts counted, and sent to the server (long-prompts.ts);
// - count (only when asked, BENCH_ONLY=count): the instructions of a start, counted by valgrind (count-start.ts);
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
import { firstNpxRows } from './first-npx.ts'
import {
  cpuMs,
  firstAnswer,
  freePort,
  median,
  pinned,
  pinSelf,
  range,
  rssMb,
  spawnNode,
  startWritingCompileCache,
  stopProcess,
} from './processes.ts'
import type { BareReplies } from './bare-replies.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const starts = Number(process.env.BENCH_STARTS ?? 10)
const logTo = process.env.BENCH_LOG === 'pipe' ? 'pipe' : 'file'
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

interface Server {
  name: string
  pid: number
  url: string
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
  return { name, pid: child.pid!, url, logFile, stop: () => stopProcess(child, 'SIGTERM') }
}

async function startBare(repliesFile: string): Promise<Server> {
  const port = await freePort()
  const child = spawnNode([bareScript, String(port), repliesFile], ['ignore', 'ignore', 'inherit'])
  const url = `http://127.0.0.1:${port}`
  await firstAnswer(child, `${url}/v1/models`, auth, performance.now())
  return { name: 'bare node:http', pid: child.pid!, url, stop: () => stopProcess(child) }
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
const summary: string[] = []
const say = (line = '') => table.push(line)

// ---------------------------------------------------------------- start
async function startSection(repliesFile: string): Promise<void> {
  const bare: number[] = []
  const gateway: number[] = []
  const idle: number[] = []
  const firstChat: number[] = []
  const afterChat: number[] = []
  // The compile cache in a folder of this run's own, so that what it holds does not depend on what
  // ran before: the first start finds it empty (as the first start on a fresh CI runner does), and
  // writes it a second after it listens; every start after that finds it full.
  const cacheDir = join(work, 'compile-cache')
  const env = { NODE_COMPILE_CACHE: cacheDir }
  progress('start with an empty compile cache')
  const emptyCache = await startWritingCompileCache(subject.bin, subject.cwd, cacheDir, auth)
  for (let round = 0; round < starts; round++) {
    progress(`start ${round + 1}/${starts}`)
    for (const which of round % 2 === 0 ? ['bare', 'gateway'] : ['gateway', 'bare']) {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const startedAt = performance.now()
      if (which === 'bare') {
        const child = spawnNode([bareScript, String(port), repliesFile], ['ignore', 'ignore', 'inherit'])
        bare.push(await firstAnswer(child, `${url}/v1/models`, auth, startedAt))
        await stopProcess(child)
        continue
      }
      // As `npx llm-gateway-mock --port N` runs: the default world, the request log on.
      const child = spawnNode([subject.bin, '--port', String(port)], ['ignore', 'ignore', 'inherit'], subject.cwd, env)
      try {
        gateway.push(await firstAnswer(child, `${url}/v1/models`, auth, startedAt))
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
  say(`Start: spawn until the first 200 on GET /v1/models (${starts} starts each, alternating; median (min–max))`)
  say(`  bare node:http        ${range(bare).padStart(16)} ms   rounds: ${bare.map((x) => x.toFixed(0)).join(', ')}`)
  say(`  llm-gateway-mock      ${range(gateway).padStart(16)} ms   rounds: ${gateway.map((x) => x.toFixed(0)).join(', ')}`)
  say(`    its first start, with the compile cache empty: ${emptyCache.toFixed(0)} ms`)
  say(`  idle RSS, 0.5 s after ${range(idle).padStart(16)} MB   rounds: ${idle.map((x) => x.toFixed(0)).join(', ')}`)
  say(`  first chat completion ${range(firstChat).padStart(16)} ms   (waits for the tokenizer to load)`)
  say(`  RSS after it          ${range(afterChat).padStart(16)} MB`)
  summary.push(
    `cold start                 ${median(gateway).toFixed(0).padStart(6)} ms   (bare ${median(bare).toFixed(0)} ms; target: at most 180 ms; with the compile cache empty: ${emptyCache.toFixed(0)} ms)`,
    `idle RSS                   ${median(idle).toFixed(0).padStart(6)} MB   (after the tokenizer loads: ${median(afterChat).toFixed(0)} MB; target: at most 100 MB idle)`,
  )
}

// ---------------------------------------------------------------- http
interface Case {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  target: number
}

const cases: Case[] = [
  { name: 'GET /v1/models', method: 'GET', path: '/v1/models', headers: auth, target: 0.5 },
  {
    name: 'POST /v1/chat/completions',
    method: 'POST',
    path: '/v1/chat/completions',
    headers: chatHeaders,
    body: chatBody(false),
    target: 0.5,
  },
  {
    name: 'POST /v1/chat/completions, 50-chunk stream',
    method: 'POST',
    path: '/v1/chat/completions',
    headers: chatHeaders,
    body: chatBody(true),
    target: 0.9,
  },
]

const call = async (server: Server, c: Case) =>
  (await fetch(server.url + c.path, { method: c.method, headers: c.headers, body: c.body })).text()

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
  say(`HTTP: ${connections} connections from another core; medians of ${rounds} rounds of ${seconds} s per server, rotating who goes first`)
  for (const c of cases) {
    const reference = normalise(await call(bare, c))
    for (const server of servers.slice(1)) {
      if (normalise(await call(server, c)) !== reference) {
        throw new Error(`${c.name}: ${server.name} answered a different body from the bare server's; the comparison would mean nothing`)
      }
    }
    for (const server of servers) await load(server, c, 1)
    const runs = new Map<Server, Round[]>(servers.map((server) => [server, []]))
    for (let round = 0; round < rounds; round++) {
      progress(`${c.name}, round ${round + 1}/${rounds}`)
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!)
      for (const server of order) runs.get(server)!.push(await measure(server, c))
    }
    say(`\n${c.name}`)
    const bareRuns = runs.get(bare)!
    for (const server of servers) {
      const all = runs.get(server)!
      const rps = all.map((r) => r.requestsPerSecond)
      const middle = all.find((r) => r.requestsPerSecond === median(rps))!
      const non2xx = all.reduce((sum, r) => sum + r.non2xx, 0)
      const cpu = all.map((r) => r.cpuUs)
      say(
        `  ${server.name.padEnd(24)} ${median(rps).toFixed(0).padStart(6)} req/s ${median(cpu).toFixed(0).padStart(5)} µs CPU/req ${middle.p99Ms.toFixed(1).padStart(6)} ms p99 ` +
          `${Math.max(...all.map((r) => r.rssMb))
            .toFixed(0)
            .padStart(4)} MB RSS (max) ${String(non2xx).padStart(4)} non-2xx   rounds: ${rps.map((x) => x.toFixed(0)).join(', ')}`,
      )
      if (server === bare) continue
      const ratios = all.map((r, i) => r.requestsPerSecond / bareRuns[i]!.requestsPerSecond)
      const ratio = median(rps) / median(bareRuns.map((r) => r.requestsPerSecond))
      const cpuRatio = median(bareRuns.map((r) => r.cpuUs)) / median(cpu)
      say(
        `    / bare: ${ratio.toFixed(2)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')}; target: at least ${c.target}); ` +
          `by CPU time per request: ${cpuRatio.toFixed(2)}`,
      )
      summary.push(
        `${c.name.replace('POST /v1/chat/completions', 'chat').padEnd(26)} ${ratio.toFixed(2).padStart(6)} of bare, ${server.name.replace('llm-gateway-mock', '').trim() || 'default'} (rounds ${range(ratios, 2)}; target: at least ${c.target})`,
      )
    }
  }
  if (logged.logFile) {
    const text = readFileSync(logged.logFile, 'utf8')
    say(`\nThe request log: ${text.split('\n').length - 1} lines, ${(text.length / 2 ** 20).toFixed(1)} MB, written to a file`)
  } else say(`\nThe request log: written to a pipe this process drains`)
  say(`RSS after all the load: ${servers.map((server) => `${server.name} ${rssMb(server.pid).toFixed(0)} MB`).join(', ')}`)
  summary.push(`RSS after the load          ${rssMb(logged.pid).toFixed(0).padStart(6)} MB   (bare ${rssMb(bare.pid).toFixed(0)} MB)`)
}

// ---------------------------------------------------------------- in-process
async function inProcessSection(): Promise<void> {
  progress('in-process')
  const child = spawnNode([subject.inProcessScript, worldFile, String(seconds), String(rounds)], ['ignore', 'pipe', 'inherit'], subject.cwd)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`in-process benchmark exited with ${code}`)
  const results = JSON.parse(output) as InProcessResults
  say(`In-process, msw setupServer: sequential fetch calls, ${rounds} alternating rounds of ${seconds} s`)
  say(
    `  import('llm-gateway-mock') ${results.importMs.toFixed(0)} ms, createGateway() ${results.createMs.toFixed(0)} ms (in a fresh process)`,
  )
  for (const c of results.cases) {
    const costs = c.gateway.map((calls, i) => c.trivial[i]! / calls)
    const cost = median(c.trivial) / median(c.gateway)
    say(`  ${c.name}`)
    say(
      `    trivial msw handler    ${median(c.trivial).toFixed(0).padStart(6)} calls/s (${(1000 / median(c.trivial)).toFixed(2)} ms each)   rounds: ${c.trivial.map((x) => x.toFixed(0)).join(', ')}`,
    )
    say(
      `    gateway handlers       ${median(c.gateway).toFixed(0).padStart(6)} calls/s (${(1000 / median(c.gateway)).toFixed(2)} ms each)   rounds: ${c.gateway.map((x) => x.toFixed(0)).join(', ')}`,
    )
    say(`    cost / trivial: ${cost.toFixed(2)}× (rounds: ${costs.map((x) => `${x.toFixed(2)}×`).join(', ')}; target: at most 1.5×)`)
    summary.push(
      `in-process ${c.name.replace('POST /v1/chat/completions', 'chat').padEnd(15)} ${cost.toFixed(2).padStart(6)}×  a trivial msw handler (rounds ${range(costs, 2)}; target: at most 1.5×)`,
    )
  }
}

// ---------------------------------------------------------------- run
try {
  progress(`measuring ${subject.describe}${pinned ? '; servers on core 1, this process on core 0' : '; not pinned to cores'}`)
  const repliesFile = join(work, 'replies.json')
  writeFileSync(repliesFile, JSON.stringify(await referenceReplies()))
  if (sections.has('start')) {
    await startSection(repliesFile)
    say()
  }
  if (sections.has('count')) {
    progress('counting the instructions of a start under valgrind (a minute or two)')
    table.push(...(await countStartRows({ bin: subject.bin, cwd: subject.cwd, bareScript, repliesFile, work, headers: auth })), '')
  }
  if (sections.has('first-npx')) {
    progress('a fresh clone: git clone, npm ci, then its first npx (a minute or so)')
    const { rows, summary: line } = await firstNpxRows({ repo: new URL('..', import.meta.url).pathname, work, headers: auth })
    table.push(...rows, '')
    summary.push(line)
  }
  if (sections.has('http') || sections.has('prompts')) {
    const servers = [
      await startBare(repliesFile),
      await startGateway('llm-gateway-mock', [], logTo),
      await startGateway('llm-gateway-mock --quiet', ['--quiet'], 'ignore'),
    ] as const
    try {
      if (sections.has('http')) {
        await httpSection([...servers], servers[1])
        say()
      }
      if (sections.has('prompts')) {
        progress('long prompts')
        table.push(...(await longPromptRows(servers[2].url, chatHeaders)))
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
console.log('Summary')
console.log(summary.map((line) => `  ${line}`).join('\n'))
