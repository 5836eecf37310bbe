// Part of npm run bench: 1 MiB prompts of the shapes people send to provoke a context error. How
// long the tokenizer takes to count each (at once, and in the slices the server counts a long
// prompt in), and how the gateway's server answers one sent to a 4 K model: the time to its 400,
// and how long GET /v1/models waits meanwhile (the longest the event loop was held).
import { loadTokenizer } from '../src/generation/tokenizer.ts'

const mebibyte = 2 ** 20
const runs = Number(process.env.BENCH_COUNT_RUNS ?? 3)

function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32
}

function randomText(alphabet: string, seed: number): string {
  const random = seeded(seed)
  return Array.from({ length: mebibyte }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
}

function words(list: string[], seed: number, punctuate: boolean): string {
  const random = seeded(seed)
  const out: string[] = []
  let length = 0
  let sentence = 0
  while (length < mebibyte) {
    let word = list[Math.floor(random() * list.length)]!
    if (punctuate && sentence === 0) word = word[0]!.toUpperCase() + word.slice(1)
    const roll = random()
    const end = !punctuate ? ' ' : sentence > 6 && roll < 0.15 ? '. ' : roll < 0.08 ? ', ' : roll > 0.995 ? '.\n\n' : ' '
    sentence = end === ' ' || end === ', ' ? sentence + 1 : 0
    out.push(word + end)
    length += word.length + end.length
  }
  return out.join('').slice(0, mebibyte)
}

const english = (
  'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her ' +
  'she there been one all we their has would when if so no will more can said who what about out up into them some could time ' +
  'these two may then do first any my now such like other how its our than over only new most very made after also did many'
).split(' ')

function gibberish(seed: number): string[] {
  const random = seeded(seed)
  return Array.from({ length: 50_000 }, () =>
    Array.from({ length: 2 + Math.floor(random() * 8) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(''),
  )
}

/** The prompts, built once: the four of the issue, and two that are costly for other reasons. */
export const longPrompts: Record<string, string> = {
  'one letter': 'x'.repeat(mebibyte),
  'random letters': randomText('abcdefghijklmnopqrstuvwxyz', 1),
  digits: randomText('0123456789', 2),
  'English prose': words(english, 3, true),
  // Short pre-tokens that are no token: every one goes through the merge.
  'random words': words(gibberish(4), 5, false),
  // Three bytes a character, with no spaces.
  Chinese: '中文字符测试一下这个東西，'.repeat(mebibyte / 13 + 1).slice(0, mebibyte),
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

async function timed<T>(work: () => T | Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const value = await work()
  const { user, system } = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (user + system) / 1000, value }
}

/** The tokenizer in this process: medians of `runs` counts of each prompt. */
export async function countingRows(): Promise<string[]> {
  const load = await timed(loadTokenizer)
  const tokenizer = load.value
  const rows = [`\nToken counting, 1 MiB prompts (tokenizer loaded in ${load.ms.toFixed(0)} ms; medians of ${runs} runs)`]
  for (const [shape, text] of Object.entries(longPrompts)) {
    const atOnce: number[] = []
    const atOnceCpu: number[] = []
    const sliced: number[] = []
    let tokens = 0
    for (let run = 0; run < runs; run++) {
      const count = await timed(() => tokenizer.count(text))
      atOnce.push(count.ms)
      atOnceCpu.push(count.cpuMs)
      tokens = count.value
      sliced.push((await timed(() => tokenizer.countAll([text]))).ms)
    }
    // CPU time too: on a shared machine the wall clock also counts other processes' turns.
    rows.push(
      `  ${shape.padEnd(16)} ${tokens.toString().padStart(7)} tokens   ${median(atOnce).toFixed(0).padStart(5)} ms at once ` +
        `(${median(atOnceCpu).toFixed(0).padStart(4)} ms CPU) ${median(sliced).toFixed(0).padStart(5)} ms in slices`,
    )
  }
  return rows
}

/** Each prompt sent once to the gateway at `url`, with GET /v1/models asked again and again until it is answered. */
export async function longPromptRows(url: string, headers: Record<string, string>): Promise<string[]> {
  const rows = ['\nPOST /v1/chat/completions, 1 MiB prompt to a 4 096-token model (gateway server)']
  for (const [shape, text] of Object.entries(longPrompts)) {
    const body = JSON.stringify({ model: 'small-context-4k', messages: [{ role: 'user', content: text }] })
    const answer = timed(async () => {
      const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers, body })
      const error = ((await response.json()) as { error?: { code?: string } }).error
      return `${response.status} ${error?.code ?? ''}`
    })
    const answered = answer.then(() => true)
    const waits: number[] = []
    const listModels = () => timed(() => fetch(`${url}/v1/models`, { headers }).then((response) => response.arrayBuffer()))
    // One GET at a time until the POST is answered: each waits as long as the event loop is held.
    for (let next = listModels(); !(await Promise.race([answered, next.then(() => false)])); next = listModels()) {
      waits.push((await next).ms)
    }
    const { ms, value } = await answer
    rows.push(
      `  ${shape.padEnd(16)} ${value.padEnd(28)} in ${ms.toFixed(0).padStart(5)} ms;` +
        ` GET /v1/models meanwhile: ${String(waits.length).padStart(3)} answered, slowest in ${waits.length > 0 ? Math.max(...waits).toFixed(0) : '-'} ms`,
    )
  }
  return rows
}
