// npm run bench: load the gateway's server and a bare node:http server with the same requests on
// loopback, in alternating rounds of a fixed time each, and print the median requests/s, p99
// latency, RSS and the ratio of the medians for each case: GET /v1/models, a non-streamed chat
// completion, and a 50-chunk chat stream. Alternating rounds: on a small shared machine the
// throughput drifts by a third within a minute, and both servers should see the same drift.
// Then the token count of 1 MiB prompts, and the gateway's answer to one (long-prompts.ts).
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'
import { countingRows, longPromptRows } from './long-prompts.ts'
import type { ReferenceReplies } from './report-to-parent.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const auth = { authorization: 'Bearer sk-unrestricted' }
const chatHeaders = { ...auth, 'content-type': 'application/json' }
const chatBody = (stream: boolean) =>
  JSON.stringify({ model: 'lorem-50', stream, messages: [{ role: 'user', content: 'Benchmark me, please.' }] })

interface Case {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

const cases: Case[] = [
  { name: 'GET /v1/models', method: 'GET', path: '/v1/models', headers: auth },
  { name: 'POST /v1/chat/completions', method: 'POST', path: '/v1/chat/completions', headers: chatHeaders, body: chatBody(false) },
  {
    name: 'POST /v1/chat/completions, 50-chunk stream',
    method: 'POST',
    path: '/v1/chat/completions',
    headers: chatHeaders,
    body: chatBody(true),
  },
]

interface Result {
  requestsPerSecond: number
  p99Ms: number
  rssMb: number
  non2xx: number
}

interface Server {
  child: ChildProcess
  url: string
}

async function start(script: string): Promise<Server> {
  const child = fork(new URL(script, import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
  const [message] = (await once(child, 'message')) as [{ port: number }]
  return { child, url: `http://127.0.0.1:${message.port}` }
}

function stop(server: Server): void {
  server.child.disconnect()
  server.child.kill()
}

async function rssOf(child: ChildProcess): Promise<number> {
  child.send('rss')
  const [message] = (await once(child, 'message')) as [{ rss: number }]
  return message.rss
}

const call = async (server: Server, c: Case) =>
  (await fetch(server.url + c.path, { method: c.method, headers: c.headers, body: c.body })).text()

/** Timestamps differ from one second to the next; everything else must match byte for byte. */
const normalise = (body: string) => body.replace(/"created":\d+/g, '"created":0')

const load = (server: Server, c: Case, duration: number) =>
  autocannon({ url: server.url + c.path, method: c.method, headers: c.headers, body: c.body, connections, duration })

/** One round of load on one server. */
async function measure(server: Server, c: Case): Promise<Result> {
  const run = await load(server, c, seconds)
  return {
    requestsPerSecond: run.requests.average,
    p99Ms: run.latency.p99,
    rssMb: (await rssOf(server.child)) / 2 ** 20,
    non2xx: run.non2xx,
  }
}

/** The round with the median throughput, every round's throughput, and the non-2xx answers of all rounds. */
function median(results: Result[]): Result & { all: number[] } {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    all: results.map((r) => r.requestsPerSecond),
  }
}

// The bare server repeats the gateway's own answers to the chat requests, so both send the same bytes.
const gateway = await start('serve-gateway.ts')
const bare = await start('serve-bare.ts')
const replies: ReferenceReplies = {
  completion: JSON.parse(await call(gateway, cases[1]!)),
  chunks: (await call(gateway, cases[2]!))
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice(6))),
}
bare.child.send({ replies })

const rows: string[] = []
let failed = false
try {
  for (const c of cases) {
    const [bareBody, gatewayBody] = [await call(bare, c), await call(gateway, c)]
    if (normalise(bareBody) !== normalise(gatewayBody)) {
      console.error(`${c.name}: the two servers answered different bodies; the comparison would mean nothing.`)
      console.error({ bare: bareBody.slice(0, 400), gateway: gatewayBody.slice(0, 400) })
      failed = true
      break
    }
    // Warm both JITs, then alternate, swapping who goes first each round.
    await load(bare, c, 1)
    await load(gateway, c, 1)
    const runs: { bare: Result[]; gateway: Result[] } = { bare: [], gateway: [] }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['bare', 'gateway'] as const) : (['gateway', 'bare'] as const)
      for (const name of order) runs[name].push(await measure(name === 'bare' ? bare : gateway, c))
    }
    const results = { 'bare node:http': median(runs.bare), 'llm-gateway-mock': median(runs.gateway) }
    rows.push(`\n${c.name}`)
    for (const [name, r] of Object.entries(results)) {
      rows.push(
        `  ${name.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s ${r.p99Ms.toFixed(1).padStart(7)} ms p99 ${r.rssMb.toFixed(0).padStart(5)} MB RSS ${String(r.non2xx).padStart(4)} non-2xx   rounds: ${r.all.map((x) => x.toFixed(0)).join(', ')}`,
      )
    }
    const ratio = results['llm-gateway-mock'].requestsPerSecond / results['bare node:http'].requestsPerSecond
    const perRound = runs.gateway.map((r, i) => r.requestsPerSecond / runs.bare[i]!.requestsPerSecond)
    rows.push(
      `  gateway / bare: ${(ratio * 100).toFixed(0)}% (rounds: ${perRound.map((x) => `${(x * 100).toFixed(0)}%`).join(', ')}; target: at least 50%)`,
    )
  }
  if (!failed) rows.push(...(await longPromptRows(gateway.url, chatHeaders)), ...(await countingRows()))
} finally {
  stop(gateway)
  stop(bare)
}
if (failed) process.exit(1)
console.log(`\n${connections} connections, loopback; medians of ${rounds} alternating rounds of ${seconds} s per server and case`)
console.log(rows.join('\n'))
