// npm run bench: load the gateway's server and a bare node:http server with the same request on
// loopback, for a fixed time each, and print requests/s, p99 latency, RSS and the ratio.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const target = { path: '/v1/models', headers: { authorization: 'Bearer sk-unrestricted' } }

interface Result {
  name: string
  requestsPerSecond: number
  p99Ms: number
  rssMb: number
  non2xx: number
}

async function start(script: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(new URL(script, import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
  const [message] = (await once(child, 'message')) as [{ port: number }]
  return { child, url: `http://127.0.0.1:${message.port}` }
}

async function rssOf(child: ChildProcess): Promise<number> {
  child.send('rss')
  const [message] = (await once(child, 'message')) as [{ rss: number }]
  return message.rss
}

async function measure(name: string, script: string): Promise<{ result: Result; body: string }> {
  const { child, url } = await start(script)
  try {
    const body = await (await fetch(url + target.path, { headers: target.headers })).text()
    // Warm the JIT before measuring.
    await autocannon({ url: url + target.path, headers: target.headers, connections, duration: 1 })
    const run = await autocannon({ url: url + target.path, headers: target.headers, connections, duration: seconds })
    return {
      body,
      result: {
        name,
        requestsPerSecond: run.requests.average,
        p99Ms: run.latency.p99,
        rssMb: (await rssOf(child)) / 2 ** 20,
        non2xx: run.non2xx,
      },
    }
  } finally {
    child.disconnect()
    child.kill()
  }
}

const bare = await measure('bare node:http', 'serve-bare.ts')
const gateway = await measure('llm-gateway-mock', 'serve-gateway.ts')
if (JSON.parse(bare.body).data.length !== JSON.parse(gateway.body).data.length || bare.body !== gateway.body) {
  console.error('The two servers answered different bodies; the comparison would mean nothing.')
  console.error({ bare: bare.body, gateway: gateway.body })
  process.exit(1)
}

console.log(`\nGET ${target.path} (${connections} connections, ${seconds} s each, loopback)\n`)
console.log('server            req/s     p99 ms   RSS MB   non-2xx')
for (const { result } of [bare, gateway]) {
  console.log(
    `${result.name.padEnd(16)} ${result.requestsPerSecond.toFixed(0).padStart(7)} ${result.p99Ms.toFixed(1).padStart(9)} ${result.rssMb.toFixed(0).padStart(8)} ${String(result.non2xx).padStart(9)}`,
  )
}
const ratio = gateway.result.requestsPerSecond / bare.result.requestsPerSecond
console.log(`\nllm-gateway-mock / bare throughput: ${(ratio * 100).toFixed(0)}% (target: at least 50%)`)
