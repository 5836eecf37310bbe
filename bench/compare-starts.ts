// A paired A/B of two builds' cold starts, for the decision records (docs/decisions/): each start
// runs the bin as `npx llm-gateway-mock --port N` does (the default world, the request log on),
// and a preload (cpu-at-first-answer.mjs) reads the process's CPU time when its first
// `GET /v1/models` has been answered and exits. A and B start in alternating order, pair after
// pair; printed: each one's median CPU time, and the median of the pairs' B ÷ A. CPU time moves far
// less than wall time on a shared machine, but still by a tenth or more from one start to the
// next: take 20 pairs or more before reading a difference of a few per cent.
// A build folder holds bin/, dist/ and package.json, and a node_modules link to this checkout's:
//   mkdir /tmp/b && cp -r bin dist package.json /tmp/b && ln -s "$PWD/node_modules" /tmp/b/node_modules
// `bare` in place of a folder starts bench/serve-bare.mjs instead (the bench's baseline).
// Usage: npx tsx bench/compare-starts.ts DIR_A DIR_B [warm|none|both] [PAIRS]
//   warm: each build with a compile cache folder of its own, filled by one start first; none:
//   NODE_DISABLE_COMPILE_CACHE=1.
import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstAnswer, freePort, median, pinSelf, spawnNode, startWritingCompileCache, stopProcess } from './processes.ts'

const [dirA, dirB, cacheText = 'both', pairsText = '20'] = process.argv.slice(2)
if (!dirA || !dirB) throw new Error('usage: compare-starts.ts DIR_A DIR_B [warm|none|both] [PAIRS]')
pinSelf()
const work = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-starts-'))
const auth = { authorization: 'Bearer sk-unrestricted' }
const preload = new URL('cpu-at-first-answer.mjs', import.meta.url).href
const bareScript = new URL('serve-bare.mjs', import.meta.url).pathname
const repliesFile = join(work, 'replies.json')
writeFileSync(repliesFile, JSON.stringify({ lists: { [auth.authorization]: { object: 'list', data: [] } }, completion: {}, chunks: [] }))
const cacheDir = (dir: string) => join(work, `cache-${dir === dirA ? 'a' : 'b'}`)

/** The CPU time (ms) of one start of `dir` until its first answer. */
async function startCpu(dir: string, cache: 'warm' | 'none'): Promise<number> {
  const port = await freePort()
  const script = dir === 'bare' ? [bareScript, String(port), repliesFile] : [join(dir, 'bin/llm-gateway-mock.js'), '--port', String(port)]
  const env = cache === 'warm' ? { NODE_COMPILE_CACHE: cacheDir(dir) } : { NODE_DISABLE_COMPILE_CACHE: '1' }
  const child = spawnNode(['--import', preload, ...script], ['ignore', 'ignore', 'pipe'], dir === 'bare' ? undefined : dir, env)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = once(child, 'exit')
  try {
    await firstAnswer(child, `http://127.0.0.1:${port}/v1/models`, auth, performance.now())
    await exited
  } finally {
    await stopProcess(child)
  }
  const cpu = /cpu-at-first-answer (\S+)/.exec(stderr)?.[1]
  if (cpu === undefined) throw new Error(`${dir}: no CPU time reported:\n${stderr}`)
  return Number(cpu)
}

for (const dir of [dirA, dirB]) {
  if (dir !== 'bare' && cacheText !== 'none') await startWritingCompileCache(join(dir, 'bin/llm-gateway-mock.js'), dir, cacheDir(dir), auth)
}
for (const cache of cacheText === 'both' ? (['warm', 'none'] as const) : [cacheText as 'warm' | 'none']) {
  const a: number[] = []
  const b: number[] = []
  const ratios: number[] = []
  for (let pair = 0; pair < Number(pairsText); pair++) {
    const [first, second] = pair % 2 === 0 ? [dirA, dirB] : [dirB, dirA]
    const x = await startCpu(first, cache)
    const y = await startCpu(second, cache)
    const [ra, rb] = first === dirA ? [x, y] : [y, x]
    a.push(ra)
    b.push(rb)
    ratios.push(rb / ra)
  }
  console.log(
    `${cache === 'warm' ? 'warm compile cache' : 'no compile cache'}: A ${median(a).toFixed(0)} ms, B ${median(b).toFixed(0)} ms ` +
      `CPU to the first 200; B ÷ A ${median(ratios).toFixed(3)} (pairs: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  )
}
