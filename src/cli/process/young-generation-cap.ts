import type * as V8 from 'node:v8'

/**
 * The most a serving process lets V8's young generation (both semi-spaces) grow to: 16 MB a
 * semi-space, V8's own limit until it began to scale the limit with the machine's memory. On a
 * machine with 24 GB V8 grows it to 128 MB under sustained load, a step each time survivors add
 * up to its size, so a server's memory kept rising for as long as it was loaded (217 MB after 90
 * seconds of the bench's load, 73 MB for a bare node:http server); held here, it stays near
 * 120 MB under a model-list load. The scavenges it adds cost about 2 % of a request's CPU, less
 * than paired rounds can show (docs/decisions/young-generation-cap.md).
 */
export const youngGenerationCapBytes = 32 * 2 ** 20

/** How often the young generation's size is looked at: a step from 16 to 32 MB takes seconds of load. */
const defaultCheckEveryMs = 250

/** Node options by which a user has chosen the young generation's size (or its growth) for themselves. */
const ownChoice = /--(?:max|min)[-_]semi[-_]space[-_]size|--semi[-_]space[-_]growth[-_]factor/

/** What the cap reads and sets: the process's own, or a test's. */
export interface YoungGenerationProcess {
  /** The options Node was started with: its command line's and `NODE_OPTIONS`. */
  nodeOptions: string
  /** All of V8's heap, committed (cheap to read: the first look, before `node:v8` is loaded). */
  heapTotal(): number
  /** `node:v8`, loaded on first use: 2 MB and a few milliseconds that an idle server does without. */
  v8(): Pick<typeof V8, 'getHeapSpaceStatistics' | 'setFlagsFromString'>
}

export interface CapOptions {
  /** The young generation's most, both semi-spaces together (default `youngGenerationCapBytes`). */
  capBytes?: number
  /** How often to look (default 250 ms). */
  checkEveryMs?: number
  /** Whose heap: this process's, unless a test gives its own. */
  host?: YoungGenerationProcess
}

const ownProcess: YoungGenerationProcess = {
  nodeOptions: [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '),
  heapTotal: () => process.memoryUsage().heapTotal,
  v8: () => process.getBuiltinModule('node:v8'),
}

/**
 * Keeps the young generation at or under `capBytes` while the server runs: V8 doubles it when it
 * decides to grow it, by `--semi-space-growth-factor`, a flag it reads at each step, so the factor
 * is 1 while the space is at the cap and V8's 2 below it (V8 shrinks the space again when
 * allocation slows, and it must be able to grow back). Nothing is loaded or set until V8's heap
 * has reached half the cap: a server that answers a few requests never pays for it. A user who
 * set the semi-space's size or growth in Node's options keeps their choice. Returns the stop,
 * which leaves V8's growth as it was.
 */
export function capYoungGeneration(options: CapOptions = {}): () => void {
  const { capBytes = youngGenerationCapBytes, checkEveryMs = defaultCheckEveryMs, host = ownProcess } = options
  if (ownChoice.test(host.nodeOptions)) return () => {}
  let v8: ReturnType<YoungGenerationProcess['v8']> | undefined
  let growing = true
  const check = () => {
    if (!v8) {
      if (host.heapTotal() < capBytes / 2) return
      v8 = host.v8()
    }
    const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
    if (!newSpace) return
    const grow = newSpace.space_size < capBytes
    if (grow === growing) return
    v8.setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`)
    growing = grow
  }
  const timer = setInterval(check, checkEveryMs)
  // The server keeps the process alive; the cap alone must not.
  timer.unref()
  return () => {
    clearInterval(timer)
    // A server run inside another program (a test) leaves V8 as it found it.
    if (!growing) v8?.setFlagsFromString('--semi-space-growth-factor=2')
  }
}
