// A paired A/B of two builds' memory under a fixed load, for the decision records: each bin
// serves the benchmark's world with the request log to a file; 2 000 model lists and 2 000 chats
// warm it up, then 10 000 model lists, 10 000 chats and 2 500 50-chunk streams from 32
// connections on the other core, and a preload reads the RSS and V8's heap spaces right after
// (before the server idles long enough to collect). Builds alternate, one at a time. Build
// folders as for compare-builds.ts.
// With GC=1 each server also runs with --trace-gc-nvp, and the bytes that survived scavenges
// during the load are summed from its log. ARGS_A and ARGS_B: more arguments for either server.
// Usage: npx tsx bench/compare-memory.ts DIR_A DIR_B [PAIRS]
import autocannon from 'autocannon'
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchAuth, benchWorld, chatLoad, modelsLoad } from './bench-world.ts'
import { firstAnswer, freePort, median, pinSelf, spawnNode, stopProcess } from './processes.ts'

const [dirA, dirB, pairsText = '3'] = process.argv.slice(2)
if (!dirA || !dirB) throw new Error('usage: compare-memory.ts DIR_A DIR_B [PAIRS]')
pinSelf()
const work = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-memory-'))
const worldFile = join(work, 'world.json')
writeFileSync(worldFile, JSON.stringify(benchWorld))
const preload = join(work, 'heap-on-signal.cjs')
writeFileSync(
  preload,
  `const v8 = require('node:v8'), fs = require('node:fs')
process.on('SIGUSR2', () => {
  const m = process.memoryUsage()
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]))
  fs.writeFileSync(process.env.HEAP_OUT, JSON.stringify({ rss: m.rss, spaces }))
})
`,
)
const traceGc = process.env.GC === '1'

interface Reading {
  rssMb: number
  newMb: number
  oldMb: number
  survivedKb: number
}

async function measure(dir: string, name: string): Promise<Reading> {
  const port = await freePort()
  const out = join(work, `${name}.heap.json`)
  const logFile = join(work, `${name}.log`)
  const extra = (name === 'a' ? process.env.ARGS_A : process.env.ARGS_B)?.split(' ').filter(Boolean) ?? []
  const args = [join(dir, 'bin/llm-gateway-mock.js'), '--port', String(port), '--world', worldFile, ...extra]
  const child = spawnNode(
    ['--require', preload, ...(traceGc ? ['--trace-gc-nvp'] : []), ...args],
    ['ignore', openSync(logFile, 'w'), 'inherit'],
    dir,
    { HEAP_OUT: out },
  )
  try {
    const url = `http://127.0.0.1:${port}`
    await firstAnswer(child, `${url}/v1/models`, benchAuth, performance.now())
    const run = async (load: typeof modelsLoad | ReturnType<typeof chatLoad>, amount: number) => {
      const result = await autocannon({ url: url + load.path, ...load, connections: 32, amount })
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    }
    await run(modelsLoad, 2_000)
    await run(chatLoad(false), 2_000)
    const marker = traceGc ? readFileSync(logFile, 'utf8').length : 0
    await run(modelsLoad, 10_000)
    await run(chatLoad(false), 10_000)
    await run(chatLoad(true), 2_500)
    child.kill('SIGUSR2')
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      try {
        const heap = JSON.parse(readFileSync(out, 'utf8')) as { rss: number; spaces: Record<string, number> }
        let survived = 0
        if (traceGc)
          for (const line of readFileSync(logFile, 'utf8').slice(marker).split('\n'))
            if (line.includes('gc=s '))
              survived += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0) + Number(/ new_space_survived=(\d+)/.exec(line)?.[1] ?? 0)
        return {
          rssMb: heap.rss / 2 ** 20,
          newMb: (heap.spaces.new_space ?? 0) / 2 ** 20,
          oldMb: (heap.spaces.old_space ?? 0) / 2 ** 20,
          survivedKb: survived / 1024,
        }
      } catch {
        // Not written yet.
      }
    }
    throw new Error(`${name}: no heap reading`)
  } finally {
    await stopProcess(child)
  }
}

const a: Reading[] = []
const b: Reading[] = []
for (let pair = 0; pair < Number(pairsText); pair++) {
  if (pair % 2 === 0) {
    a.push(await measure(dirA, 'a'))
    b.push(await measure(dirB, 'b'))
  } else {
    b.push(await measure(dirB, 'b'))
    a.push(await measure(dirA, 'a'))
  }
  const f = (r: Reading) =>
    `RSS ${r.rssMb.toFixed(0)} MB, new ${r.newMb.toFixed(0)} MB, old ${r.oldMb.toFixed(0)} MB${traceGc ? `, survived ${r.survivedKb.toFixed(0)} KB` : ''}`
  console.log(`pair ${pair + 1}: A ${f(a.at(-1)!)} | B ${f(b.at(-1)!)}`)
}
const med = (rs: Reading[], k: keyof Reading) => median(rs.map((r) => r[k])).toFixed(0)
console.log(
  `median RSS after the load: A ${med(a, 'rssMb')} MB, B ${med(b, 'rssMb')} MB; new space A ${med(a, 'newMb')}, B ${med(b, 'newMb')} MB` +
    (traceGc ? `; survived scavenges A ${med(a, 'survivedKb')} KB, B ${med(b, 'survivedKb')} KB` : ''),
)
