// A paired A/B of two builds of the server, for the decision records (docs/decisions/): both bins
// serve the benchmark's world with the request log to a file, and are loaded in alternating
// rounds from another core; prints each one's CPU time per request (/proc) and B ÷ A per round.
// A build folder holds bin/, dist/ and package.json, and a node_modules link to this checkout's:
//   mkdir /tmp/b && cp -r bin dist package.json /tmp/b && ln -s "$PWD/node_modules" /tmp/b/node_modules
// Usage: npx tsx bench/compare-builds.ts DIR_A DIR_B [models|chat|stream] [ROUNDS]
import autocannon from 'autocannon'
import { mkdtempSync, openSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchAuth, benchWorld, chatLoad, modelsLoad } from './bench-world.ts'
import { cpuMs, firstAnswer, freePort, median, pinSelf, spawnNode, stopProcess } from './processes.ts'

const [dirA, dirB, which = 'models', roundsText = '10'] = process.argv.slice(2)
if (!dirA || !dirB) throw new Error('usage: compare-builds.ts DIR_A DIR_B [models|chat|stream] [ROUNDS]')
pinSelf()
const work = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-compare-'))
const worldFile = join(work, 'world.json')
writeFileSync(worldFile, JSON.stringify(benchWorld))
const load = which === 'models' ? modelsLoad : chatLoad(which === 'stream')

async function start(dir: string, name: string) {
  const port = await freePort()
  const bin = join(dir, 'bin/llm-gateway-mock.js')
  const child = spawnNode(
    [bin, '--port', String(port), '--world', worldFile],
    ['ignore', openSync(join(work, `${name}.log`), 'w'), 'inherit'],
    dir,
  )
  const url = `http://127.0.0.1:${port}`
  await firstAnswer(child, `${url}/v1/models`, benchAuth, performance.now())
  return { child, url }
}

const servers = [await start(dirA, 'a'), await start(dirB, 'b')] as const
const run = (server: (typeof servers)[number], duration: number) =>
  autocannon({ url: server.url + load.path, ...load, connections: 32, duration })
async function measure(server: (typeof servers)[number]): Promise<{ cpuUs: number; rps: number }> {
  const before = cpuMs(server.child.pid!) ?? NaN
  const result = await run(server, 2)
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`)
  return { cpuUs: (((cpuMs(server.child.pid!) ?? NaN) - before) * 1000) / result.requests.total, rps: result.requests.average }
}

try {
  for (const server of servers) await run(server, 1)
  const a: number[] = []
  const b: number[] = []
  const cpuRatios: number[] = []
  const rpsRatios: number[] = []
  for (let round = 0; round < Number(roundsText); round++) {
    let ra, rb
    if (round % 2 === 0) {
      ra = await measure(servers[0])
      rb = await measure(servers[1])
    } else {
      rb = await measure(servers[1])
      ra = await measure(servers[0])
    }
    a.push(ra.cpuUs)
    b.push(rb.cpuUs)
    cpuRatios.push(rb.cpuUs / ra.cpuUs)
    rpsRatios.push(rb.rps / ra.rps)
  }
  const rounds = cpuRatios.map((x) => x.toFixed(2)).join(', ')
  console.log(
    `${which}: A ${median(a).toFixed(0)} µs, B ${median(b).toFixed(0)} µs CPU/request; ` +
      `B ÷ A ${median(cpuRatios).toFixed(2)} by CPU (rounds: ${rounds}), ${median(rpsRatios).toFixed(2)} by req/s`,
  )
} finally {
  for (const server of servers) await stopProcess(server.child)
}
