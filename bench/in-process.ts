// Part of npm run bench, run by plain node in a process of its own: the gateway's handlers under
// msw's setupServer against a trivial msw handler that returns the same bytes, in alternating
// rounds of sequential fetch calls (as a test suite makes them). Imports the package by its name,
// so it measures the build a user installs (the repository's dist/, or the packed tarball).
// Usage: node bench/in-process.ts WORLD_FILE SECONDS ROUNDS; prints an InProcessResults as JSON.
import { readFileSync } from 'node:fs'

export interface InProcessResults {
  /** import('llm-gateway-mock') in a fresh process, in ms. */
  importMs: number
  /** createGateway() on the benchmark's world, in ms. */
  createMs: number
  /** Per case, per round: calls per second, and the process's CPU time per call in µs. */
  cases: { name: string; trivial: number[]; gateway: number[]; trivialCpu: number[]; gatewayCpu: number[] }[]
}

const [worldFile, secondsText, roundsText] = process.argv.slice(2)
const seconds = Number(secondsText)
const rounds = Number(roundsText)

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

const gatewayServer = setupServer(...gateway.handlers)
const call = async (c: (typeof cases)[number]) => {
  const response = await fetch(c.url, c.init)
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' }
}

// The trivial handlers answer with the gateway's own bytes; the chat one reads the body, as any
// handler that answers a chat has to.
gatewayServer.listen({ onUnhandledFrame: 'error' })
const models = await call(cases[0]!)
const completion = await call(cases[1]!)
gatewayServer.close()
if (models.status !== 200 || completion.status !== 200) throw new Error(`the gateway answered ${models.status}, ${completion.status}`)
const trivialServer = setupServer(
  http.get(cases[0]!.url, () => new HttpResponse(models.text, { headers: { 'content-type': models.type } })),
  http.post(cases[1]!.url, async ({ request }) => {
    await request.json()
    return new HttpResponse(completion.text, { headers: { 'content-type': completion.type } })
  }),
)

interface Rate {
  callsPerSecond: number
  /** The process's CPU time (user + system) per call, in µs: other processes' turns on the cores count far less in it. */
  cpuUs: number
}

/** Sequential calls for `ms`. */
async function callsPerSecond(c: (typeof cases)[number], ms: number): Promise<Rate> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  const end = start + ms
  let calls = 0
  while (performance.now() < end) {
    const response = await fetch(c.url, c.init)
    await response.arrayBuffer()
    calls++
  }
  const used = process.cpuUsage(cpu)
  return { callsPerSecond: calls / ((performance.now() - start) / 1000), cpuUs: (used.user + used.system) / calls }
}

async function on<T>(server: typeof gatewayServer, work: () => Promise<T>): Promise<T> {
  server.listen({ onUnhandledFrame: 'error' })
  try {
    return await work()
  } finally {
    server.close()
  }
}

const results: InProcessResults = { importMs, createMs, cases: [] }
for (const c of cases) {
  await on(trivialServer, () => callsPerSecond(c, 1000))
  await on(gatewayServer, () => callsPerSecond(c, 1000))
  const runs = { trivial: [] as number[], gateway: [] as number[], trivialCpu: [] as number[], gatewayCpu: [] as number[] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['trivial', 'gateway'] as const) : (['gateway', 'trivial'] as const)
    for (const name of order) {
      const rate = await on(name === 'trivial' ? trivialServer : gatewayServer, () => callsPerSecond(c, seconds * 1000))
      runs[name].push(rate.callsPerSecond)
      runs[`${name}Cpu`].push(rate.cpuUs)
    }
  }
  results.cases.push({ name: c.name, ...runs })
}
process.stdout.write(JSON.stringify(results))
