import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { keptCodeCaches, runCodeCachedBundle, type CodeCachedBundle } from '../../../src/cli/process/code-cached-bundle.ts'

// The serve bundle's chunks run through node:vm, each with a code cache made once it has run a
// while: these cases run a small bundle of their own the same way.

interface Exports {
  metaUrl: string
  filename: string
  load: () => Promise<unknown>
  work: () => number
  shared: () => number
  later: () => Promise<{ double: (value: number) => number; runs: number }>
  broken: () => Promise<unknown>
}

const chunkTexts: Record<string, string> = {
  'entry.cjs': `
const shared = require("./shared.cjs")
exports.metaUrl = __importMetaUrl
exports.filename = __filename
exports.load = () => __importWhenUsed('node:path')
function square(value) { return value * value }
function spread(values) { return values.map((value) => square(value) + 1).filter((value) => value % 2 === 0) }
exports.work = () => spread([1, 2, 3, 4, 5, 6, 7, 8]).reduce((sum, value) => sum + value, 0)
exports.shared = () => shared.runs
exports.later = () => __loadChunk("./later.cjs")
exports.broken = () => __loadChunk("./broken.cjs")
`,
  'shared.cjs': `exports.runs = (globalThis.sharedRuns = (globalThis.sharedRuns ?? 0) + 1)`,
  'later.cjs': `
const shared = require("./shared.cjs")
exports.runs = shared.runs
exports.double = (value) => value * 2
`,
  'broken.cjs': `throw new Error("this chunk fails as it runs")`,
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function bundleIn(folder: string, texts = chunkTexts): CodeCachedBundle {
  for (const [name, text] of Object.entries(texts)) writeFileSync(join(folder, name), text)
  const chunks = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, sha256(text)]))
  return {
    folder: pathToFileURL(`${folder}/`),
    id: sha256(JSON.stringify(chunks)),
    entry: 'entry.cjs',
    chunks,
    importWhenUsed: (specifier) => import(specifier),
    settledAfterMs: 20,
  }
}

const settled = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cacheFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.cache'))
const cacheOf = (bundle: CodeCachedBundle, chunk: string) =>
  `llm-gateway-mock-${bundle.id.slice(0, 16)}-${bundle.chunks[chunk]!.slice(0, 16)}.cache`

describe('a code-cached bundle', () => {
  it('runs its entry with its file, its URL and the imports it is given, and each chunk it requires once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const imported: string[] = []
    const bundle = bundleIn(folder)
    const runsBefore = (globalThis as { sharedRuns?: number }).sharedRuns ?? 0
    const exports = runCodeCachedBundle<Exports>(
      { ...bundle, importWhenUsed: async (specifier) => (imported.push(specifier), import(specifier)) },
      undefined,
    )
    expect(exports.metaUrl).toBe(pathToFileURL(join(folder, 'entry.cjs')).href)
    expect(exports.filename).toBe(join(folder, 'entry.cjs'))
    expect(await exports.load()).toHaveProperty('join')
    expect(imported).toEqual(['node:path'])
    // The squares plus one that are even: 1² + 1, 3² + 1, 5² + 1, 7² + 1.
    expect(exports.work()).toBe(2 + 10 + 26 + 50)
    // A chunk loaded later shares the chunk the entry required: it ran once.
    const later = await exports.later()
    expect(later.double(21)).toBe(42)
    expect(later.runs).toBe(exports.shared())
    expect(exports.shared()).toBe(runsBefore + 1)
    expect(await exports.later()).toBe(later)
  })

  it('rejects the load of a chunk that fails as it runs, as import() would, and of a file that is no chunk of it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const exports = runCodeCachedBundle<Exports>(bundleIn(folder), undefined)
    await expect(exports.broken()).rejects.toThrow('this chunk fails as it runs')
    const { 'broken.cjs': _, ...withoutBroken } = chunkTexts
    const missing = runCodeCachedBundle<Exports>(
      { ...bundleIn(mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-')), withoutBroken) },
      undefined,
    )
    await expect(missing.broken()).rejects.toThrow('broken.cjs is no chunk of the serve bundle')
  })

  it("writes each chunk's cache once it has run, holding the functions that ran, and keeps a cache V8 takes", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    const bundle = bundleIn(folder)
    runCodeCachedBundle<Exports>(bundle, cache).work()
    expect(cacheFiles(cache)).toEqual([])
    await settled(500)
    // The entry's and the chunk it required; not the chunk loaded when used, which has not run.
    expect(cacheFiles(cache).sort()).toEqual([cacheOf(bundle, 'entry.cjs'), cacheOf(bundle, 'shared.cjs')].sort())
    const file = join(cache, cacheOf(bundle, 'entry.cjs'))
    // A cache made when the script is compiled (as Node's compile cache is) holds no function that
    // had not run yet; this one holds square and spread, compiled when work() ran.
    const atCompile = new Script(`(function () {${chunkTexts['entry.cjs']}\n})`).createCachedData()
    expect(statSync(file).size).toBeGreaterThan(atCompile.length)

    const written = readFileSync(file)
    await runCodeCachedBundle<Exports>(bundle, cache).later()
    await settled(500)
    expect(readFileSync(file).equals(written)).toBe(true)
    expect(cacheFiles(cache)).toContain(cacheOf(bundle, 'later.cjs'))
  })

  it('makes a cache V8 refuses again, and none with no cache folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    const bundle = bundleIn(folder)
    const file = join(cache, cacheOf(bundle, 'entry.cjs'))
    writeFileSync(file, 'not a code cache')
    expect(runCodeCachedBundle<Exports>(bundle, cache).work()).toBe(runCodeCachedBundle<Exports>(bundle, undefined).work())
    await settled(500)
    expect(readFileSync(file, 'utf8')).not.toBe('not a code cache')
    expect(cacheFiles(folder)).toEqual([])
  })
})

describe("a folder of bundles' code caches", () => {
  it("keeps the latest builds' caches, this one among them, removes abandoned partial files, and leaves other files alone", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    // Older builds' caches, two chunks each, the oldest last; and one of a version whose bundle had no chunks.
    const older = Array.from({ length: keptCodeCaches }, (_, index) =>
      ['a', 'b'].map((chunk) => {
        const file = join(cache, `llm-gateway-mock-${String(index).repeat(16)}-${chunk.repeat(16)}.cache`)
        writeFileSync(file, 'an older build')
        const writtenAt = new Date(Date.now() - (index + 1) * 60_000)
        utimesSync(file, writtenAt, writtenAt)
        return file
      }),
    )
    const beforeChunks = join(cache, `llm-gateway-mock-${'e'.repeat(32)}.cache`)
    writeFileSync(beforeChunks, 'a version before chunks')
    const longAgo = new Date(Date.now() - 3_600_000 * 24)
    utimesSync(beforeChunks, longAgo, longAgo)
    writeFileSync(join(cache, 'f00d.cache'), "Node's own")
    // Partial files: one a process stopped in the middle of writing an hour ago, one being written now.
    const abandoned = join(cache, `llm-gateway-mock-${'a'.repeat(16)}-${'c'.repeat(16)}.cache.4242`)
    const underWay = join(cache, `llm-gateway-mock-${'b'.repeat(16)}-${'d'.repeat(16)}.cache.4343`)
    writeFileSync(abandoned, 'half')
    writeFileSync(underWay, 'half')
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(abandoned, anHourAgo, anHourAgo)
    const bundle = bundleIn(folder)
    runCodeCachedBundle<Exports>(bundle, cache)
    await settled(500)
    const names = (files: string[]) => files.map((file) => file.slice(cache.length + 1))
    expect(cacheFiles(cache).sort()).toEqual(
      [
        cacheOf(bundle, 'entry.cjs'),
        cacheOf(bundle, 'shared.cjs'),
        ...older.slice(0, keptCodeCaches - 1).flatMap(names),
        'f00d.cache',
      ].sort(),
    )
    expect(readdirSync(cache).filter((name) => name.includes('.cache.'))).toEqual([underWay.slice(cache.length + 1)])
  })
})
