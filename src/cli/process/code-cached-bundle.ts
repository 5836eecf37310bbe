import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import * as nodeModule from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'

/**
 * A CommonJS bundle of the package's, split into chunks (ASCII text, in one folder): how they are
 * named, and how the modules they load when used are imported. A chunk requires the chunks it
 * imports (`require("./name.cjs")`) and loads those it imports when used with
 * `__loadChunk("./name.cjs")`, as the build rewrote each `import()` of one.
 */
export interface CodeCachedBundle {
  /** The folder of the chunks (a URL ending in `/`). */
  folder: URL
  /** What names this build of the bundle (the SHA-256 of its chunks, as the build wrote it down): its chunks' caches carry it. */
  id: string
  /** The chunk that runs first: its exports are the bundle's. */
  entry: string
  /** Each chunk's file name and the SHA-256 of its text, as the build wrote them down: they name its code cache. */
  chunks: Readonly<Record<string, string>>
  /**
   * Imports for the bundle (`import()` in the sources of a module outside it): code compiled by
   * node:vm has no module loader of its own, so the build rewrites each such `import(x)` as
   * `__importWhenUsed(x)`, and the caller's `import` resolves it, from the caller's place in the package.
   */
  importWhenUsed: (specifier: string) => Promise<unknown>
  /** How long after a chunk first runs its code cache is written: once a start has settled in. */
  settledAfterMs?: number
}

/** What a chunk's code finds in place of what CommonJS and ES modules give it. */
const parameters = [
  'exports',
  'require',
  'module',
  '__filename',
  '__dirname',
  '__importWhenUsed',
  '__importMetaUrl',
  '__loadChunk',
] as const

/**
 * Runs a chunked CommonJS bundle from its entry and returns the entry's exports; every other
 * chunk runs when first required or loaded, once. V8's code cache for each chunk is kept in
 * `cacheFolder`: by default beside Node's own compile cache, in its folder for this Node.js
 * version (NODE_COMPILE_CACHE, or the system's temporary folder; none when
 * NODE_DISABLE_COMPILE_CACHE=1 turned that off). Node's own cache for a module is made when the
 * module is compiled, before any of its functions has run, so every start compiles again each
 * function it calls; this cache is made once the chunk has run a while (`createCachedData` after
 * the fact), and holds those functions too. A cache V8 refuses (another Node.js, other V8 flags)
 * is made again.
 */
export function runCodeCachedBundle<Exports>(
  bundle: CodeCachedBundle,
  cacheFolder: string | undefined = nodeModule.getCompileCacheDir?.(),
): Exports {
  const nodeRequire = nodeModule.createRequire(new URL(bundle.entry, bundle.folder))
  const modules = new Map<string, { exports: unknown }>()
  /** Caches to write once the chunks that have just run have settled in. */
  const toWrite: PendingCache[] = []
  writtenAtExit(toWrite)

  function load(name: string): unknown {
    const known = modules.get(name)
    if (known !== undefined) return known.exports
    const sha256 = bundle.chunks[name]
    if (sha256 === undefined) throw new Error(`llm-gateway-mock: ${name} is no chunk of the serve bundle; reinstall the package`)
    const file = new URL(name, bundle.folder)
    const filename = fileURLToPath(file)
    const cacheFile = cacheFolder === undefined ? undefined : join(cacheFolder, cacheName(bundle.id, sha256))
    const script = compile(filename, cacheFile)
    if (cacheFile !== undefined && (script.cachedData === undefined || script.rejected)) {
      toWrite.push({ cacheFile, script: script.script })
      // The chunks that run together (a start's, a route's first request's) are written together,
      // and the folder pruned once for them.
      if (toWrite.length === 1) setTimeout(() => writeCodeCaches(toWrite.splice(0)), bundle.settledAfterMs ?? 1_000).unref()
    }
    // Known before it runs: a chunk that requires it back meanwhile sees what it has exported so far, as in CommonJS.
    const module = { exports: {} }
    modules.set(name, module)
    const run = script.script.runInThisContext() as (...args: unknown[]) => void
    run(module.exports, chunkRequire, module, filename, dirname(filename), bundle.importWhenUsed, file.href, loadChunk)
    return module.exports
  }
  const chunkRequire = Object.assign(
    (specifier: string) => (specifier.startsWith('./') ? load(specifier.slice(2)) : nodeRequire(specifier)),
    {
      resolve: nodeRequire.resolve,
      cache: nodeRequire.cache,
    },
  )
  // As `import()` does, it settles later, and a chunk that fails to load rejects rather than throws.
  const loadChunk = (specifier: string) => Promise.resolve().then(() => load(specifier.slice(2)))
  return load(bundle.entry) as Exports
}

/** A chunk's compiled script, whose code cache is still to be written to `cacheFile`. */
interface PendingCache {
  cacheFile: string
  script: Script
}

/** The caches of each bundle run in this process still to write, for the one 'exit' listener. */
const unwritten: PendingCache[][] = []

/**
 * A server stopped before its chunks have settled in (a CI script's short run: start, a few
 * requests, `kill`) writes their caches as it exits, so that its next start and first requests
 * find them. A process that fails does not: its code stopped short of what a server runs, and a
 * cache once written is kept for the build (the next start would take it as it is).
 */
function writtenAtExit(toWrite: PendingCache[]): void {
  if (unwritten.length === 0) {
    process.once('exit', (code) => {
      if (code !== 0) return
      for (const caches of unwritten) if (caches.length > 0) writeCodeCaches(caches.splice(0))
    })
  }
  unwritten.push(toWrite)
}

/** Compiles a chunk, with its code cache if there is one. */
function compile(filename: string, cacheFile: string | undefined): { script: Script; cachedData?: Buffer; rejected: boolean } {
  // The build writes the chunks in ASCII (scripts/build.ts): read as latin1, a plain copy, rather
  // than decoded and checked as UTF-8 (a millisecond or two of a start).
  const source = readFileSync(filename, 'latin1')
  let cachedData: Buffer | undefined
  if (cacheFile !== undefined) {
    try {
      cachedData = readFileSync(cacheFile)
    } catch {
      // None yet: this start makes it.
    }
  }
  // No newline before the source: the chunk's lines keep their numbers in stack traces.
  const script = new Script(`(function (${parameters.join(', ')}) {${source}\n})`, { filename, cachedData })
  return { script, cachedData, rejected: script.cachedDataRejected === true }
}

/**
 * What a chunk's cache file is called: its build's id, then its own digest, so that each build of
 * the package has its own, and the caches of one build can be told from another's.
 */
const cacheName = (bundleId: string, sha256: string) => `llm-gateway-mock-${bundleId.slice(0, 16)}-${sha256.slice(0, 16)}.cache`
// The build a cache file belongs to is its first 16 digits (a cache of a version before the bundle had chunks: its whole digest).
const cacheNamePattern = /^llm-gateway-mock-([0-9a-f]{16})-?[0-9a-f]{16}\.cache$/

/**
 * How many builds' caches a folder keeps: each build of the package writes its own (about 1 MB
 * in all), and a folder that several projects' versions share keeps theirs; older ones are
 * removed, and so are the partial files of writes that never finished.
 */
export const keptCodeCaches = 4

function writeCodeCaches(caches: readonly PendingCache[]): void {
  try {
    const folder = dirname(caches[0]!.cacheFile)
    mkdirSync(folder, { recursive: true })
    for (const { cacheFile, script } of caches) {
      // Written aside and renamed: a start reading it at the same moment never sees half a file.
      const partial = `${cacheFile}.${process.pid}`
      writeFileSync(partial, script.createCachedData(), { mode: 0o600 })
      renameSync(partial, cacheFile)
    }
    removeOldCaches(folder)
  } catch {
    // A cache is only ever a speed-up: a folder that cannot be written leaves the start as it was.
  }
}

/** A cache being written by a process (its pid last), which renames it when done. */
const partialNamePattern = /^llm-gateway-mock-[0-9a-f]{16}-?[0-9a-f]{16}\.cache\.\d+$/
/** A partial file older than this was left by a process stopped in the middle of writing. */
const abandonedAfterMs = 10 * 60 * 1000

function removeOldCaches(folder: string): void {
  const now = Date.now()
  // Each build's files, and when the latest of them was written.
  const builds = new Map<string, { files: string[]; writtenAt: number }>()
  for (const name of readdirSync(folder)) {
    const file = join(folder, name)
    const build = cacheNamePattern.exec(name)?.[1]
    if (build !== undefined) {
      const writtenAt = statSync(file).mtimeMs
      const known = builds.get(build)
      if (known === undefined) {
        builds.set(build, { files: [file], writtenAt })
      } else {
        known.files.push(file)
        known.writtenAt = Math.max(known.writtenAt, writtenAt)
      }
    } else if (partialNamePattern.test(name) && now - statSync(file).mtimeMs > abandonedAfterMs) unlinkSync(file)
  }
  const latestFirst = [...builds.values()].sort((a, b) => b.writtenAt - a.writtenAt)
  for (const { files } of latestFirst.slice(keptCodeCaches)) for (const file of files) unlinkSync(file)
}
