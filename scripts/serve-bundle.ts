// The CLI's serve bundle, for a plain serve command line (scripts/build.ts builds it with the
// CLI's plugins): src/cli/quick-serve.ts and all it needs, as CommonJS chunks in dist/src/cli/
// (quick-serve.cjs, the entry, and quick-serve-*.cjs), which the CLI runs with a code cache of its
// own for each, made once it has run a while (src/cli/process/code-cached-bundle.ts,
// docs/decisions/serve-code-cache.md and serve-bundle-chunks.md).
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transform, type BuildOptions, type Plugin } from 'esbuild'
import { routeEntriesModule, routeHeads } from './route-heads.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))

// The serve bundle lists each route by its head (src/pipeline/route-entry.ts): route-entries.ts
// becomes each route's id, method, path and banner, with an import of the module that defines it,
// loaded on the route's first request (scripts/route-heads.ts). So a start compiles and runs none
// of the routes' code (their schemas, generation, streams, the management API), and esbuild makes
// each route's module a chunk of its own.
const surfacesFolder = new URL('../src/surfaces/', import.meta.url)
const lazyRoutes = (routeEntriesText: string): Plugin => ({
  name: 'lazy-routes',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]surfaces[\\/]route-entries\.ts$/ }, () => ({
      contents: routeEntriesText,
      resolveDir: fileURLToPath(surfacesFolder),
      loader: 'js',
    }))
  },
})

// zod is a third of what a start would compile, and a start validates nothing (the default world
// is validated when the package is built; lazy-schema.ts makes no zod object when a module loads).
// In the serve bundle our modules' `import { z } from 'zod'` gets a stand-in, which loads zod,
// a chunk of its own, on the first read of one of `z`'s properties: synchronously, as a chunk's
// require (`__loadChunkNow(import(…))` becomes one below).
const zodOnFirstUse: Plugin = {
  name: 'zod-on-first-use',
  setup(plugin) {
    plugin.onResolve({ filter: /^zod$/ }, ({ importer }) =>
      /[\\/]src[\\/]/.test(importer) ? { path: 'zod-on-first-use', namespace: 'zod-on-first-use' } : undefined,
    )
    plugin.onResolve({ filter: /^zod-itself$/ }, async () => {
      const resolved = await plugin.resolve('zod', { resolveDir: repo, kind: 'dynamic-import' })
      return { path: resolved.path }
    })
    plugin.onLoad({ filter: /.*/, namespace: 'zod-on-first-use' }, () => ({
      contents: `let loaded
const zod = () => (loaded ??= __loadChunkNow(import("zod-itself")).z)
export const z = new Proxy({}, { get: (_, key) => zod()[key], has: (_, key) => key in zod() })`,
      resolveDir: repo,
      loader: 'js',
    }))
  },
}

/** What the CLI's entry is told of the bundle (src/cli/process/quick-serve-bundle.ts). */
export interface ServeBundleManifest {
  id: string
  entry: string
  chunks: Record<string, string>
}

// esbuild splits the code where the sources import a module when used, as ES modules; each chunk
// is then turned into a CommonJS function body, so that what a start does not run is not even
// compiled. Code run by
// node:vm has no module loader: its `import.meta.url` is a parameter, an `import()` of a chunk
// becomes `__loadChunk(x)`, and each other `import(x)` (ws, the tokenizer's ranks, a world file:
// modules loaded when used) becomes `__importWhenUsed(x)`, which the CLI's entry answers with its
// own `import`. The build fails on an `import(` it cannot tell is one of those calls (in a string,
// say), rather than rewrite it blindly.
export async function buildServeBundle(options: {
  /** The CLI's build options (target, minifying, …). */
  common: BuildOptions
  /** The CLI's plugins. */
  plugins: Plugin[]
  /** The packages imported when used, from node_modules. */
  external: string[]
  /** Where the chunks go: dist/src/cli/. */
  folder: URL
}): Promise<ServeBundleManifest> {
  const served = await build({
    ...options.common,
    entryPoints: ['src/cli/quick-serve.ts'],
    format: 'esm',
    splitting: true,
    outbase: 'src/cli',
    outdir: fileURLToPath(options.folder),
    chunkNames: 'quick-serve-[name]-[hash]',
    write: false,
    platform: 'node',
    external: options.external,
    plugins: [...options.plugins, lazyRoutes(routeEntriesModule(await routeHeads())), zodOnFirstUse],
    define: { 'import.meta.url': '__importMetaUrl' },
    logOverride: { 'empty-import-meta': 'error' },
    // Every character outside ASCII escaped (esbuild's default, relied upon): the CLI reads the files
    // as latin1, a plain copy, where UTF-8 would be decoded and checked.
    charset: 'ascii',
    metafile: true,
  })
  // esbuild splits what the entry and the modules loaded later share into chunks of their own, many
  // small ones; each chunk a start reads cost about a million instructions (its file, its compile,
  // the interop of its exports), more than the routes left out saved. So the entry is bundled again
  // with every chunk it imports (one scope, no interop), and exports what those chunks exported,
  // each under its chunk's name (`chunk$name`), which the chunks loaded later import from it instead.
  const outputs = new Map(served.outputFiles.map(({ path, text }) => [basename(path), text]))
  const meta = new Map(Object.entries(served.metafile!.outputs).map(([path, output]) => [basename(path), output]))
  const entryName = 'quick-serve.js'
  const atStart = new Set<string>()
  for (const pending = [entryName]; pending.length > 0;) {
    const name = pending.pop()!
    if (atStart.has(name)) continue
    atStart.add(name)
    for (const { path, kind } of meta.get(name)!.imports)
      if (kind === 'import-statement' && outputs.has(basename(path))) pending.push(basename(path))
  }
  const joinedName = (chunk: string, name: string) => `chunk_${chunk.replace(/^quick-serve-chunk-|\.js$/g, '').replace(/\W/g, '_')}$${name}`
  const joinedEntry = [
    `export * from "./${entryName}"`,
    ...[...atStart]
      .filter((name) => name !== entryName)
      .map(
        (chunk) =>
          `export { ${meta
            .get(chunk)!
            .exports.map((name) => `${name} as ${joinedName(chunk, name)}`)
            .join(', ')} } from "./${chunk}"`,
      ),
  ].join('\n')
  const joined = await build({
    minifyWhitespace: options.common.minifyWhitespace,
    minifySyntax: options.common.minifySyntax,
    stdin: { contents: joinedEntry, resolveDir: '/', sourcefile: 'quick-serve-start.js' },
    bundle: true,
    format: 'esm',
    target: options.common.target,
    supported: options.common.supported,
    platform: 'node',
    legalComments: 'none',
    charset: 'ascii',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'first-pass-chunks',
        setup(plugin) {
          plugin.onResolve({ filter: /^\.\/[\w.-]+\.js$/ }, ({ path, kind }) => {
            const name = path.slice(2)
            if (!outputs.has(name)) return undefined
            // What a start does not run stays a chunk of its own, imported when used.
            if (kind === 'dynamic-import' || !atStart.has(name)) return { path, external: true }
            return { path: name, namespace: 'first-pass' }
          })
          plugin.onResolve({ filter: /.*/ }, ({ path }) => ({ path, external: true }))
          plugin.onLoad({ filter: /.*/, namespace: 'first-pass' }, ({ path }) => ({
            contents: outputs.get(path)!,
            loader: 'js',
            resolveDir: '/',
          }))
        },
      },
    ],
  })
  outputs.set(entryName, joined.outputFiles[0]!.text)
  for (const name of atStart) if (name !== entryName) outputs.delete(name)
  // The chunks loaded later take from the entry what they took from the chunks it now holds.
  for (const [name, text] of outputs) {
    if (name === entryName) continue
    outputs.set(
      name,
      text
        .replace(/import\s*\{([^}]*)\}\s*from\s*"\.\/([\w.-]+\.js)"/g, (whole, names: string, chunk: string) => {
          if (!atStart.has(chunk)) return whole
          const renamed = names
            .split(',')
            .map((spec) => spec.trim())
            .filter(Boolean)
            .map((spec) => {
              const [imported, local = imported] = spec.split(/\s+as\s+/) as [string, string?]
              return `${joinedName(chunk, imported)} as ${local}`
            })
          return `import{${renamed.join(',')}}from"./${entryName}"`
        })
        // One imported for what it does when it runs: the entry has run it.
        .replace(/import\s*"\.\/([\w.-]+\.js)";?/g, (whole, chunk: string) => (atStart.has(chunk) ? '' : whole)),
    )
    const left = [...atStart].find((chunk) => chunk !== entryName && outputs.get(name)!.includes(`"./${chunk}"`))
    if (left !== undefined) {
      const text = outputs.get(name)!
      const at = text.indexOf(`"./${left}"`)
      throw new Error(
        `${name}: an import of ${left}, which the entry now holds, was not rewritten: ${text.slice(Math.max(0, at - 200), at + 40)}`,
      )
    }
  }
  const chunkFile = (name: string) => name.replace(/\.js$/, '.cjs')
  const servedChunks = await Promise.all(
    [...outputs].map(async ([jsName, text]) => {
      const name = chunkFile(jsName)
      // `./x.js` of a chunk, in an import or an export of one, names its .cjs file.
      const renamed = text.replace(/(["'])\.\/([\w.-]+\.js)\1/g, (whole, quote: string, file: string) =>
        outputs.has(file) ? `${quote}./${chunkFile(file)}${quote}` : whole,
      )
      const rewritten = renamed
        // A chunk needed at once (zod): required, as a static import of it would be.
        .replace(/__loadChunkNow\(import\((["'])(\.\/[\w.-]+\.cjs)\1\)\)/g, 'require("$2")')
        .replace(/(?<![\w$.])import\((?=(["'])\.\/[\w.-]+\.cjs\1\))/g, '__loadChunk(')
        .replace(/(?<![\w$.])import\(/g, '__importWhenUsed(')
      for (const call of rewritten.match(/__importWhenUsed\([^)]*\)?/g) ?? []) {
        // A chunk's own file is loaded as a chunk, never by the module loader (which would run it a second time, apart).
        if (!/^__importWhenUsed\((?:"(?!\.\.?\/)[^"\\]+"|[\w$]+(?:\.[\w$]+)*)\)$/.test(call)) {
          throw new Error(`${name}: cannot tell whether ${JSON.stringify(call)} is an import() to rewrite`)
        }
      }
      if (rewritten.includes('__loadChunkNow')) throw new Error(`${name}: a __loadChunkNow(import(…)) of no chunk`)
      const { code } = await transform(rewritten, {
        format: 'cjs',
        target: options.common.target,
        supported: options.common.supported,
        charset: 'ascii',
        minifyWhitespace: options.common.minifyWhitespace,
        minifySyntax: options.common.minifySyntax,
      })
      // ASCII only: one UTF-8 byte a character.
      if (Buffer.byteLength(code) !== code.length) throw new Error(`${name}: a character outside ASCII, and the CLI reads it as latin1`)
      writeFileSync(new URL(name, options.folder), code)
      return { name, sha256: createHash('sha256').update(code).digest('hex') }
    }),
  )
  // Their names and digests go into the CLI's entry (src/cli/process/quick-serve-bundle.ts), which
  // runs them from beside itself: dist/src/cli/bin.js.
  const manifest = {
    id: createHash('sha256')
      .update(
        servedChunks
          .map(({ name, sha256 }) => `${name} ${sha256}`)
          .sort()
          .join('\n'),
      )
      .digest('hex'),
    entry: 'quick-serve.cjs',
    chunks: Object.fromEntries(servedChunks.map(({ name, sha256 }) => [name, sha256])),
  }
  if (!(manifest.entry in manifest.chunks)) throw new Error(`esbuild wrote no ${manifest.entry}`)
  return manifest
}
