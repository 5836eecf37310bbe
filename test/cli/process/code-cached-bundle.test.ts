import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { keptCodeCaches, runCodeCachedBundle } from '../../../src/cli/process/code-cached-bundle.ts'

// The serve bundle runs through node:vm with a code cache made once it has run a while: these
// cases run a small bundle of their own the same way.

interface Exports {
  metaUrl: string
  filename: string
  load: () => Promise<unknown>
  work: () => number
}

const bundleText = `
exports.metaUrl = __importMetaUrl
exports.filename = __filename
exports.load = () => __importWhenUsed('node:path')
function square(value) { return value * value }
function spread(values) { return values.map((value) => square(value) + 1).filter((value) => value % 2 === 0) }
exports.work = () => spread([1, 2, 3, 4, 5, 6, 7, 8]).reduce((sum, value) => sum + value, 0)
`

function bundleIn(folder: string, text = bundleText) {
  const file = join(folder, 'bundle.cjs')
  writeFileSync(file, text)
  return { file: pathToFileURL(file), sha256: createHash('sha256').update(text).digest('hex') }
}

const settled = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cacheFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.cache'))

describe('a code-cached bundle', () => {
  it('runs with its file, its URL and the imports it is given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const bundle = bundleIn(folder)
    const imported: string[] = []
    const exports = runCodeCachedBundle<Exports>(
      { ...bundle, importWhenUsed: async (specifier) => (imported.push(specifier), import(specifier)) },
      undefined,
    )
    expect(exports.metaUrl).toBe(bundle.file.href)
    expect(exports.filename).toBe(join(folder, 'bundle.cjs'))
    expect(await exports.load()).toHaveProperty('join')
    expect(imported).toEqual(['node:path'])
    // The squares plus one that are even: 1² + 1, 3² + 1, 5² + 1, 7² + 1.
    expect(exports.work()).toBe(2 + 10 + 26 + 50)
  })

  it('writes its cache once it has run, holding the functions that ran, and keeps a cache V8 takes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    const bundle = { ...bundleIn(folder), importWhenUsed: (specifier: string) => import(specifier), settledAfterMs: 20 }
    runCodeCachedBundle<Exports>(bundle, cache).work()
    expect(cacheFiles(cache)).toEqual([])
    await settled(500)
    expect(cacheFiles(cache)).toEqual([`llm-gateway-mock-${bundle.sha256.slice(0, 32)}.cache`])
    const file = join(cache, cacheFiles(cache)[0]!)
    // A cache made when the script is compiled (as Node's compile cache is) holds no function that
    // had not run yet; this one holds square and spread, compiled when work() ran.
    const atCompile = new Script(`(function () {${bundleText}\n})`).createCachedData()
    expect(statSync(file).size).toBeGreaterThan(atCompile.length)

    const written = readFileSync(file)
    runCodeCachedBundle<Exports>(bundle, cache).work()
    await settled(500)
    expect(readFileSync(file).equals(written)).toBe(true)
  })

  it('makes a cache V8 refuses again, and none with no cache folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    const bundle = { ...bundleIn(folder), importWhenUsed: (specifier: string) => import(specifier), settledAfterMs: 20 }
    const file = join(cache, `llm-gateway-mock-${bundle.sha256.slice(0, 32)}.cache`)
    writeFileSync(file, 'not a code cache')
    expect(runCodeCachedBundle<Exports>(bundle, cache).work()).toBe(runCodeCachedBundle<Exports>(bundle, undefined).work())
    await settled(500)
    expect(readFileSync(file, 'utf8')).not.toBe('not a code cache')
    expect(cacheFiles(folder)).toEqual([])
  })
})

describe("a folder of bundles' code caches", () => {
  it('keeps the latest ones written, this one among them, removes abandoned partial files, and leaves other files alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-bundle-'))
    const cache = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-cache-'))
    const older = Array.from({ length: keptCodeCaches + 1 }, (_, index) => {
      const file = join(cache, `llm-gateway-mock-${String(index).repeat(32)}.cache`)
      writeFileSync(file, 'an older build')
      const writtenAt = new Date(Date.now() - (index + 1) * 60_000)
      utimesSync(file, writtenAt, writtenAt)
      return file
    })
    writeFileSync(join(cache, 'f00d.cache'), "Node's own")
    // Partial files: one a process stopped in the middle of writing an hour ago, one being written now.
    const abandoned = join(cache, `llm-gateway-mock-${'a'.repeat(32)}.cache.4242`)
    const underWay = join(cache, `llm-gateway-mock-${'b'.repeat(32)}.cache.4343`)
    writeFileSync(abandoned, 'half')
    writeFileSync(underWay, 'half')
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(abandoned, anHourAgo, anHourAgo)
    const bundle = { ...bundleIn(folder), importWhenUsed: (specifier: string) => import(specifier), settledAfterMs: 20 }
    runCodeCachedBundle<Exports>(bundle, cache)
    await settled(500)
    expect(cacheFiles(cache).sort()).toEqual(
      [
        `llm-gateway-mock-${bundle.sha256.slice(0, 32)}.cache`,
        ...older.slice(0, keptCodeCaches - 1).map((file) => basename(file)),
        'f00d.cache',
      ].sort(),
    )
    expect(readdirSync(cache).filter((name) => name.includes('.cache.'))).toEqual([basename(underWay)])
  })
})
