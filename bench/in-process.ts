// Part of npm run bench, run by plain node in a process of its own: the gateway's handlers under
// msw's setupServer against a trivial msw handler that returns the same bytes, in sequential
// fetch calls (as a test suite makes them). Imports the package by its name, so it measures the
// build a user installs (the repository's dist/, or the packed tarball). run.ts runs it in several
// processes and reads them together: where the young-generation collections land (10–20 ms each,
// on one side's call) moves one process's reading by up to a sixth (docs/performance.md,
// "In-process: a forced collection per block").
//
// How it reads the cost (docs/performance.md, "In-process"): one setupServer, listening all the
// time, whose handlers are swapped before each call, so both sides go through the same
// interception; the two sides take turns call by call (who goes first alternating), each call
// timed by the process's CPU time, so that the other processes on a shared machine, whose bursts
// last far longer than a call, weigh on both sides alike; each swap of handlers gets an event-loop
// turn of its own before the call is timed; the calls are summed per side in blocks of a few
// hundred milliseconds, after warm-up. Collections fall where the heap's growth puts them, as in a
// test suite: forcing one before each block (as this bench did) made the next few hundred calls
// cost about twice a settled one, msw's trivial handler's as much as the gateway's, while V8
// compiled again what the collection had thrown away, so the blocks measured that.
// Usage: node bench/in-process.ts WORLD_FILE BLOCKS [BLOCK_MS]; prints an InProcessResults as JSON.
import { readFileSync } from 'node:fs'

export interface InProcessResults {
  /** import('llm-gateway-mock') in a fresh process, in ms. */
  importMs: number
  /** createGateway() on the benchmark's world, in ms. */
  createMs: number
  /** Per case: calls per side in a block, then per block and side the process's CPU time per call in µs, and calls per second. */
  cases: {
    name: string
    calls: number
    trivial: number[]
    gateway: number[]
    trivialCpu: number[]
    gatewayCpu: number[]
    /** Per block and side, the CPU time of its median call, in µs. */
    trivialMedian: number[]
    gatewayMedian: number[]
    /**
     * Per block and side, the main thread's CPU time per call in µs: without V8's collector and
     * compiler threads, whose work is charged to whichever call runs while they do it.
     */
    trivialThread: number[]
    gatewayThread: number[]
  }[]
}

const [worldFile, blocksText, blockMsText] = process.argv.slice(2)
// Even: who goes first alternates from one block to the next, and weighs on a block's ratio (up to
// ±30 % for chat, one way in a block and the other in the next), so each order gets as many blocks.
const blockCount = 2 * Math.ceil(Number(blocksText) / 2)
/** A block's length in CPU time, both sides together. */
const blockMs = Number(blockMsText ?? 250)
/** Calls a side before the measured blocks. */
const warmUpCalls = 1500

// By name, as a user imports it; typed from the sources, so that type-checking needs no build.
const packageName: string = 'llm-gateway-mock'
const started = performance.now()
const { createGateway } = (await import(packageName)) as typeof import('../src/index.ts')
const importMs = performance.now() - started
const world = JSON.parse(readFileSync(worldFile!, 'utf8'))
const created = performance.now()
const gateway = await createGateway({ world })
const createMs = performance.now() - created
const { http, HttpResponse } = await import('msw')
const { setupServer } = await import('msw/node')

const origin = 'http://gateway.test'
const auth = { authorization: 'Bearer sk-unrestricted' }
const chat = {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'lorem-50', messages: [{ role: 'user', content: 'Benchmark me, please.' }] }),
}
const cases = [
  { name: 'GET /v1/models', url: `${origin}/v1/models`, init: { headers: auth } as RequestInit },
  { name: 'POST /v1/chat/completions', url: `${origin}/v1/chat/completions`, init: chat as RequestInit },
]
type Case = (typeof cases)[number]

// One server for both sides: only its handlers change, so both pay the same interception.
const server = setupServer(...gateway.handlers)
server.listen({ onUnhandledFrame: 'error' })
const reference = async (c: Case) => {
  const response = await fetch(c.url, c.init)
  const ids = Object.fromEntries(['x-oneapi-request-id', 'x-request-id'].map((name) => [name, response.headers.get(name) ?? '']))
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '', ids }
}
const models = await reference(cases[0]!)
const completion = await reference(cases[1]!)
if (models.status !== 200 || completion.status !== 200) throw new Error(`the gateway answered ${models.status}, ${completion.status}`)

// The trivial handlers answer with the gateway's own bytes, with its content type and the length
// msw's `HttpResponse.json()` and `.text()` set, all made once; the chat one reads the body, as any
// handler that answers a chat has to.
const fixed = (reply: typeof models, withIds: boolean) => {
  const headers = { 'content-type': reply.type, 'content-length': String(Buffer.byteLength(reply.text)), ...(withIds && reply.ids) }
  return () => new HttpResponse(reply.text, { headers })
}
const trivialHandlers = (withIds = false) => {
  const fixedCompletion = fixed(completion, withIds)
  return [
    http.get(cases[0]!.url, fixed(models, withIds)),
    http.post(cases[1]!.url, async ({ request }) => {
      await request.json()
      return fixedCompletion()
    }),
  ]
}
// BENCH_IN_PROCESS_CONTROL puts other trivial handlers in the gateway's place, to read the bench
// without the gateway: `aa`, a second copy of them (how far a reading moves on its own);
// `headers`, ones that also answer the two request-id headers the gateway answers (what they cost).
const control = process.env.BENCH_IN_PROCESS_CONTROL
const sides = {
  gateway: control === 'aa' ? trivialHandlers() : control === 'headers' ? trivialHandlers(true) : gateway.handlers,
  trivial: trivialHandlers(),
}
type Side = keyof typeof sides

/** One call on one side's handlers: its CPU time (the process's, and the main thread's) and wall time, in µs. */
async function call(side: Side, c: Case): Promise<{ cpu: number; thread: number; wall: number }> {
  server.resetHandlers(...sides[side])
  // What the swap left queued runs before the call's window, not in it: msw builds sets and arrays
  // of every handler it swaps in (about 40 KB for the gateway's 139, 4 KB for the trivial two), and
  // in one run 8 of 55 young-generation collections ran in this turn, 7 after the gateway's swaps
  // and 1 after the trivial one's: without it, they ran in the gateway's timed calls
  // (docs/performance.md, "In-process: what the bench charged a side").
  await new Promise((resolve) => setImmediate(resolve))
  const start = performance.now()
  const cpu = process.cpuUsage()
  const thread = process.threadCpuUsage()
  const response = await fetch(c.url, c.init)
  await response.arrayBuffer()
  // What the call left queued (the emulated socket's cleanup) runs inside its own window.
  await new Promise((resolve) => setImmediate(resolve))
  const used = process.cpuUsage(cpu)
  const own = process.threadCpuUsage(thread)
  return { cpu: used.user + used.system, thread: own.user + own.system, wall: (performance.now() - start) * 1000 }
}

let blocks = 0
/** `pairs` calls on each side, alternating call by call; per side, the CPU per call in µs and the calls per second. */
async function block(
  c: Case,
  pairs: number,
): Promise<Record<Side, { cpuUs: number; medianUs: number; threadUs: number; callsPerSecond: number }>> {
  const cpu = { gateway: 0, trivial: 0 }
  const thread = { gateway: 0, trivial: 0 }
  const calls: Record<Side, number[]> = { gateway: [], trivial: [] }
  const wall = { gateway: 0, trivial: 0 }
  blocks++
  for (let i = 0; i < pairs; i++) {
    // Who goes first alternates, from one pair and one block to the next.
    const order: Side[] = (i + blocks) % 2 === 0 ? ['gateway', 'trivial'] : ['trivial', 'gateway']
    for (const side of order) {
      const used = await call(side, c)
      cpu[side] += used.cpu
      thread[side] += used.thread
      calls[side].push(used.cpu)
      wall[side] += used.wall
    }
  }
  const of = (side: Side) => ({
    cpuUs: cpu[side] / pairs,
    medianUs: calls[side].sort((a, b) => a - b)[Math.floor(pairs / 2)]!,
    threadUs: thread[side] / pairs,
    callsPerSecond: pairs / (wall[side] / 1e6),
  })
  return { gateway: of('gateway'), trivial: of('trivial') }
}

const results: InProcessResults = { importMs, createMs, cases: [] }
for (const c of cases) {
  // Warm-up, until the JIT has settled: the first hundreds of calls cost several times the later
  // ones, and the gateway's, with far more code to optimise than a trivial handler's, settle
  // later (after 200 calls a side the model list still read 1.10–1.15× for the next dozen
  // blocks, and 0.95–1.05× after them). The last warm-up block sizes the measured ones.
  let pairs = 25
  for (let warmed = 0; warmed < warmUpCalls;) {
    const result = await block(c, pairs)
    warmed += pairs
    pairs = Math.max(10, Math.min(1000, Math.round((blockMs * 1000) / (result.gateway.cpuUs + result.trivial.cpuUs))))
  }
  const runs = {
    trivial: [] as number[],
    gateway: [] as number[],
    trivialCpu: [] as number[],
    gatewayCpu: [] as number[],
    trivialMedian: [] as number[],
    gatewayMedian: [] as number[],
    trivialThread: [] as number[],
    gatewayThread: [] as number[],
  }
  for (let measured = 0; measured < blockCount; measured++) {
    const result = await block(c, pairs)
    for (const side of ['gateway', 'trivial'] as const) {
      runs[side].push(result[side].callsPerSecond)
      runs[`${side}Cpu`].push(result[side].cpuUs)
      runs[`${side}Median`].push(result[side].medianUs)
      runs[`${side}Thread`].push(result[side].threadUs)
    }
  }
  results.cases.push({ name: c.name, calls: pairs, ...runs })
}
server.close()
process.stdout.write(JSON.stringify(results))
