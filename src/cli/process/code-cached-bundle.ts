import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import * as nodeModule from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'

/** A CommonJS bundle of the package's (ASCII text), and how the modules it loads when used are imported. */
export interface CodeCachedBundle {
  file: URL
  /** The SHA-256 of the bundle's text, as the build wrote it down: it names the code cache. */
  sha256: string
  /**
   * Imports for the bundle (`import()` in the sources): code compiled by node:vm has no module
   * loader of its own, so the build rewrites each `import(x)` as `__importWhenUsed(x)`, and the
   * caller's `import` resolves it, from the caller's place in the package.
   */
  importWhenUsed: (specifier: string) => Promise<unknown>
  /** How long after the bundle first runs its code cache is written: once a start has settled in. */
  settledAfterMs?: number
}

/** What the bundle's code finds in place of what CommonJS and ES modules give it. */
const parameters = ['exports', 'require', 'module', '__filename', '__dirname', '__importWhenUsed', '__importMetaUrl'] as const

/**
 * Runs a CommonJS bundle and returns its exports, with V8's code cache for it kept in
 * `cacheFolder`: by default beside Node's own compile cache, in its folder for this Node.js
 * version (NODE_COMPILE_CACHE, or the system's temporary folder; none when
 * NODE_DISABLE_COMPILE_CACHE=1 turned that off). Node's own cache for a module is made when the
 * module is compiled, before any of its functions has run, so every start compiles again each
 * function it calls; this cache is made once the bundle has run a while (`createCachedData` after
 * the fact), and holds those functions too. A cache V8 refuses (another Node.js, other V8 flags)
 * is made again.
 */
export function runCodeCachedBundle<Exports>(
  bundle: CodeCachedBundle,
  cacheFolder: string | undefined = nodeModule.getCompileCacheDir?.(),
): Exports {
  const filename = fileURLToPath(bundle.file)
  // The build writes the bundle in ASCII (scripts/build.ts): read as latin1, a plain copy, rather
  // than decoded and checked as UTF-8 (a millisecond or two of a start).
  const source = readFileSync(filename, 'latin1')
  const cacheFile = cacheFolder === undefined ? undefined : join(cacheFolder, cacheName(bundle.sha256))
  let cachedData: Buffer | undefined
  if (cacheFile !== undefined) {
    try {
      cachedData = readFileSync(cacheFile)
    } catch {
      // None yet: this start makes it.
    }
  }
  // No newline before the source: the bundle's lines keep their numbers in stack traces.
  const script = new Script(`(function (${parameters.join(', ')}) {${source}\n})`, { filename, cachedData })
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    setTimeout(() => writeCodeCache(cacheFile, script), bundle.settledAfterMs ?? 1_000).unref()
  }
  const module = { exports: {} as Exports }
  const run = script.runInThisContext() as (...args: unknown[]) => void
  run(module.exports, nodeModule.createRequire(filename), module, filename, dirname(filename), bundle.importWhenUsed, bundle.file.href)
  return module.exports
}

/** What a bundle's cache file is called: its digest names it, so each build of the package has its own. */
const cacheName = (sha256: string) => `llm-gateway-mock-${sha256.slice(0, 32)}.cache`
const cacheNamePattern = /^llm-gateway-mock-[0-9a-f]{32}\.cache$/

/**
 * How many bundles' caches a folder keeps: each build of the package writes its own (about 1 MB),
 * and a folder that several projects' versions share keeps theirs; older ones are removed, and so
 * are the partial files of writes that never finished.
 */
export const keptCodeCaches = 4

function writeCodeCache(cacheFile: string, script: Script): void {
  try {
    const folder = dirname(cacheFile)
    mkdirSync(folder, { recursive: true })
    // Written aside and renamed: a start reading it at the same moment never sees half a file.
    const partial = `${cacheFile}.${process.pid}`
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 })
    renameSync(partial, cacheFile)
    removeOldCaches(folder)
  } catch {
    // A cache is only ever a speed-up: a folder that cannot be written leaves the start as it was.
  }
}

/** A cache being written by a process (its pid last), which renames it when done. */
const partialNamePattern = /^llm-gateway-mock-[0-9a-f]{32}\.cache\.\d+$/
/** A partial file older than this was left by a process stopped in the middle of writing. */
const abandonedAfterMs = 10 * 60 * 1000

function removeOldCaches(folder: string): void {
  const now = Date.now()
  const caches: { file: string; writtenAt: number }[] = []
  for (const name of readdirSync(folder)) {
    const file = join(folder, name)
    if (cacheNamePattern.test(name)) caches.push({ file, writtenAt: statSync(file).mtimeMs })
    else if (partialNamePattern.test(name) && now - statSync(file).mtimeMs > abandonedAfterMs) unlinkSync(file)
  }
  caches.sort((a, b) => b.writtenAt - a.writtenAt)
  for (const { file } of caches.slice(keptCodeCaches)) unlinkSync(file)
}
