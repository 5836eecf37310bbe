// npm run build: the published files in dist/. tsc writes the declarations (dist/src/**/*.d.ts,
// one per source file, as consumers' type checkers read them); esbuild writes the JavaScript as
// bundles, so that starting the CLI or importing the package reads a few files rather than the
// hundreds of our sources and of @msw/data's es-toolkit (measured in docs/performance.md).
//
// - The library entries (dist/src/index.js, dist/src/node/index.js, dist/src/node/package-entry.js,
//   which package.json serves for `llm-gateway-mock` under Node, and the runner fixtures in
//   dist/src/test-runners/) share their code through chunks, so all see one gateway (the adapter
//   seam is a symbol). The runner itself (vitest; node:test) stays an import. msw and zod stay imports: a
//   user's handlers and schemas must be the same msw and zod as theirs. The core stays free of
//   Node's APIs, for bundlers that build it for a browser.
// - The CLI carries everything it needs, msw and zod included, minified (whitespace and syntax),
//   in three parts: its entry (dist/src/cli/bin.js, one file: the version check and the plain
//   serve line's reader); the serve bundle (dist/src/cli/quick-serve.cjs and its chunks, CommonJS that
//   the entry runs with a code cache of its own); and the commands with yargs
//   (dist/src/cli/main.js and its chunks), for every other command line.
// All leave tsx, ws, the MP3 encoder and node-forge as imports made when used.
// Run through tsx, as `npm run build` does (and with it npm's `dependencies` event, when a clone's
// `npm install` fills node_modules, and `prepack`): it works on every Node the repository may
// meet, where type stripping needs 22.18.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { build, type BuildOptions, type Plugin } from 'esbuild'
import { buildServeBundle } from './serve-bundle.ts'

const repo = new URL('..', import.meta.url).pathname
// Dependencies loaded on first use stay outside the bundles: `ws` on the first WebSocket handshake, the MP3 encoder
// (@breezystack/lamejs, LGPL: kept its own module) on the first MP3, node-forge when `--tls` makes a certificate, bcryptjs when a
// world's bcrypt password hash is first checked.
const loadedWhenUsed = ['tsx', 'tsx/*', 'ws', '@breezystack/lamejs', 'node-forge', 'bcryptjs']

rmSync(new URL('dist', new URL('..', import.meta.url)), { recursive: true, force: true })
execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.build.json'], {
  cwd: repo,
  stdio: 'inherit',
})

const common: BuildOptions = {
  absWorkingDir: repo,
  bundle: true,
  format: 'esm',
  splitting: true,
  target: 'node22',
  // esbuild would rewrite regular expressions with \p{…} as `new RegExp(…)`, which V8 compiles
  // when the module loads rather than on first use (string-width's emoji pattern is a large one).
  supported: { 'regexp-unicode-property-escapes': true, 'regexp-set-notation': true },
  outbase: '.',
  outdir: 'dist',
  // Comments say why; the sources are in the repository, and a map per bundle would only add files.
  legalComments: 'none',
  logLevel: 'warning',
}

// zod re-exports every locale's messages as `z.locales` and `z.core.locales`, so a bundle carries every
// language; the CLI only ever speaks English, which zod configures from locales/en.js itself. Its bundle gets
// a `locales` with `en` alone. (The library leaves zod to the user's own copy.)
const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer)
        ? { path: new URL('../locales/en.js', `file://${args.importer}`).pathname, namespace: 'zod-english' }
        : undefined,
    )
    plugin.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)}`,
      resolveDir: repo,
    }))
  },
}

// string-width (yargs' help layout) makes an Intl.Segmenter when it loads, which loads ICU's
// segmentation data at every start, for help text the server never prints. Its bundled
// copies make it on first use instead. The build fails if a new version no longer matches.
const segmenterOnFirstUse: Plugin = {
  name: 'segmenter-on-first-use',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8')
      const eager = 'const segmenter = new Intl.Segmenter();'
      if (!source.includes(eager)) throw new Error(`${args.path}: no "${eager}" to defer`)
      return {
        contents: source.replace(
          eager,
          'let made;\nconst segmenter = { segment: (text) => (made ??= new Intl.Segmenter()).segment(text) };',
        ),
        loader: 'js',
      }
    })
  },
}

// msw's core imports two CommonJS packages that a server started from the CLI does not call until
// a request has cookies to match or an interceptor logs: tldts (tough-cookie's public-suffix list)
// and debug (@mswjs/interceptors' logger, with supports-color and tty). Evaluating them slowed
// every start; in the CLI's bundle each is required on its first call instead (debug on a
// logger's first use), and tldts from node_modules. The build fails if an import to rewrite is no
// longer there.
const requiredOnFirstCall: Plugin = {
  name: 'required-on-first-call',
  setup(plugin) {
    const rewrites = [
      {
        file: /[\\/]tough-cookie[\\/]dist[\\/]index\.js$/,
        eager: 'import { getDomain } from "tldts";',
        // Not bundled either (its public-suffix list is a ninth of the bundle, compiled at every
        // start with no code cache): required from where tough-cookie, msw's dependency, finds it.
        lazy: `let tldts;
const getDomain = (...args) => {
  if (!tldts) {
    const { createRequire } = require("node:module");
    const fromMsw = createRequire(createRequire(import.meta.url).resolve("msw/package.json"));
    tldts = createRequire(fromMsw.resolve("tough-cookie"))("tldts");
  }
  return tldts.getDomain(...args);
};`,
      },
      {
        file: /[\\/]@mswjs[\\/]interceptors[\\/]lib[\\/]node[\\/]interceptor-[^\\/]+\.js$/,
        eager: 'import debug from "debug";',
        // Its loggers are made when modules load (`createLogger("websocket")`): each is a stand-in
        // that makes debug's logger on its first call or read, and keeps what is set on it until then.
        lazy: `const debug = Object.assign((namespace) => {
  let made;
  const set = {};
  const real = () => (made ??= Object.assign(require("debug")(namespace), set));
  return new Proxy((...args) => real()(...args), {
    get: (_, key) => (!made && key in set ? set[key] : real()[key]),
    set: (_, key, value) => (made ? (made[key] = value) : (set[key] = value), true),
  });
}, { log: (...args) => require("debug").log(...args) });`,
      },
    ]
    const applied = new Set<(typeof rewrites)[number]>()
    plugin.onLoad({ filter: /\.js$/ }, (args) => {
      const rewrite = rewrites.find(({ file }) => file.test(args.path))
      if (!rewrite) return undefined
      const source = readFileSync(args.path, 'utf8')
      if (!source.includes(rewrite.eager)) throw new Error(`${args.path}: no "${rewrite.eager}" to defer`)
      applied.add(rewrite)
      return { contents: source.replace(rewrite.eager, rewrite.lazy), loader: 'js' }
    })
    plugin.onEnd(() => {
      const missed = rewrites.filter((rewrite) => !applied.has(rewrite))
      if (missed.length > 0) throw new Error(`no file matched ${missed.map(({ file }) => file).join(', ')}: update requiredOnFirstCall`)
    })
  },
}

// Importing `node:http` as an ES module builds its facade, which reads every export, and its
// WebSocket and fetch getters load all of undici (Node's fetch), a large part of a start; a require
// does not read them. The CLI's bundle requires Node's built-ins where its modules import them
// (`import` of a CommonJS module in the bundle: esbuild's interop reads an export when it is used).
// Those a plain serve does not use before its first answer (https and tls for --tls, crypto, zlib,
// …) are required on the first read of one of their exports, whose names are taken here.
const builtins = new Set(builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`])))
// node:util and node:fs are there for another reason: esbuild's interop copies a required module's
// properties with their descriptors, and reading the descriptor of one of Node's lazily loaded
// exports loads it (node:util's parseArgs, TextDecoder, … made a start load 34 more internal
// modules: 6 ms of CPU); getters of our own forward only what is read.
const requiredOnFirstRead = new Set([
  'node:https',
  'node:tls',
  'node:crypto',
  'node:zlib',
  'node:fs/promises',
  'node:os',
  'node:util',
  'node:fs',
])
const builtinsRequired: Plugin = {
  name: 'builtins-required',
  setup(plugin) {
    plugin.onResolve({ filter: /^[a-z_:/0-9]+$/ }, (args) =>
      args.kind === 'import-statement' && builtins.has(args.path) ? { path: args.path, namespace: 'required-builtin' } : undefined,
    )
    plugin.onLoad({ filter: /.*/, namespace: 'required-builtin' }, (args) => {
      const name = JSON.stringify(args.path)
      if (!requiredOnFirstRead.has(args.path)) return { contents: `module.exports = require(${name})`, loader: 'js' }
      const exported = Object.keys(createRequire(import.meta.url)(args.path) as object).filter((key) => key !== 'default')
      return {
        contents: `let made;\nconst real = () => (made ??= require(${name}));\nfor (const key of ${JSON.stringify(exported)}) Object.defineProperty(module.exports, key, { enumerable: true, get: () => real()[key] })`,
        loader: 'js',
      }
    })
  },
}

// Reading the global `Response` or `MessageEvent` loads undici, and three classes of msw's
// dependencies extend one when their module loads: @mswjs/interceptors' FetchResponse and
// CancelableMessageEvent, and rettime's TypedEvent (msw's event emitter, extended in turn by msw's
// WebSocket events). In the CLI's bundle each extends a stand-in that reads the global and becomes
// it on the first construction (a server answers its first requests without them). The build
// fails if a declaration to rewrite is no longer there.
const basesOnFirstUse: Plugin = {
  name: 'bases-on-first-use',
  setup(plugin) {
    const rewrites = [
      {
        file: /[\\/]@mswjs[\\/]interceptors[\\/]lib[\\/]node[\\/]fetch-utils-[^\\/]+\.js$/,
        eager: 'var FetchResponse = class FetchResponse extends Response {',
      },
      {
        file: /[\\/]@mswjs[\\/]interceptors[\\/]lib[\\/]node[\\/]interceptors[\\/]WebSocket[\\/]index\.js$/,
        eager: 'var CancelableMessageEvent = class extends MessageEvent {',
      },
      { file: /[\\/]rettime[\\/]build[\\/]index\.mjs$/, eager: 'var TypedEvent = class extends MessageEvent {' },
    ]
    const applied = new Set<(typeof rewrites)[number]>()
    plugin.onLoad({ filter: /\.m?js$/ }, (args) => {
      const rewrite = rewrites.find(({ file }) => file.test(args.path))
      if (!rewrite) return undefined
      const source = readFileSync(args.path, 'utf8')
      if (!source.includes(rewrite.eager)) throw new Error(`${args.path}: no "${rewrite.eager}" to defer`)
      applied.add(rewrite)
      const lazy = rewrite.eager.replace(/extends (\w+) \{$/, 'extends /* @__PURE__ */ baseOnFirstUse(() => $1) {')
      return { contents: `${source.replace(rewrite.eager, lazy)}\n${baseOnFirstUse}`, loader: 'js' }
    })
    plugin.onEnd(() => {
      const missed = rewrites.filter((rewrite) => !applied.has(rewrite))
      if (missed.length > 0) throw new Error(`no file matched ${missed.map(({ file }) => file).join(', ')}: update basesOnFirstUse`)
    })
  },
}
// The stand-in: on its first construction (a subclass's `super()`), it puts the real class `load`
// returns in its place in the prototype chains, and constructs the object as the real class would.
const baseOnFirstUse = `function baseOnFirstUse(load) {
  function Base(...args) {
    const Real = load()
    Object.setPrototypeOf(Base, Real)
    Object.setPrototypeOf(Base.prototype, Real.prototype)
    return Reflect.construct(Real, args, new.target)
  }
  return Base
}`

// The tokenizer's ranks (2 MB of base64) are loaded on the first count. Bundled, each build would
// carry its own copy in a chunk; instead both import the one module the third build below writes,
// through the package's own subpath import (`#o200k-tokens` in package.json's `imports`), which
// resolves from the package root wherever esbuild puts the importing code.
const tokensModule = 'src/generation/o200k-tokens.ts'
const sharedTokens: Plugin = {
  name: 'shared-tokens',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/o200k-tokens\.ts$/ }, () => ({ path: '#o200k-tokens', external: true }))
  },
}

// The CLI serves the default world unless given a file, and createGateway() builds it unless
// given one (a test file, every time): both bundles carry that world already validated (as JSON),
// its passwords already hashed, rather than parsing it with zod in every process. Computed here
// from the sources.
const { defaultWorld } = await import('../src/world/default-world.ts')
const { worldSchema } = await import('../src/world/schemas.ts')
const { checkWorldReferences } = await import('../src/world/check-world-references.ts')
const { hashPassword } = await import('../src/world/password-hash.ts')
const parsedDefaultWorld = worldSchema.parse(defaultWorld)
if (checkWorldReferences(parsedDefaultWorld).length > 0) throw new Error('the default world has broken references')
// Its passwords are hashed here too, as a world keeps them: a start then hashes none (WebCrypto
// would load for it, before the first request), and known-passwords.ts recognises these hashes.
// Each salt is derived from the username, not random: the same sources build the same files (and
// the serve bundle's digest, which names its code cache, stays the same).
const saltOf = (username: string) =>
  new Uint8Array(createHash('sha256').update(`llm-gateway-mock default world: ${username}`).digest().subarray(0, 16))
const defaultWorldData = {
  ...parsedDefaultWorld,
  users: await Promise.all(
    parsedDefaultWorld.users.map(async ({ password, ...user }) =>
      password === undefined ? user : { ...user, passwordHash: await hashPassword(password, saltOf(user.username)) },
    ),
  ),
}
const validatedDefaultWorld: Plugin = {
  name: 'validated-default-world',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]world[\\/]default-world-data\.ts$/ }, () => ({
      contents: `const text = ${JSON.stringify(JSON.stringify(defaultWorldData))};\nexport function defaultWorldData() { return JSON.parse(text) }`,
      loader: 'js',
    }))
  },
}

// The inspector's page goes into the bundles as text: bundled-page.ts becomes a module holding
// every file pageFiles lists, read from src/surfaces/admin/inspector/page/. Only the page's first
// request imports it (a chunk of its own), so no start pays for it; and the package serves the
// page without reading files, in any runtime.
const { pageFiles } = await import('../src/surfaces/admin/inspector/page-files.ts')
const pageFolder = new URL('../src/surfaces/admin/inspector/page/', import.meta.url)
const bundledPage: Plugin = {
  name: 'bundled-page',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]surfaces[\\/]admin[\\/]inspector[\\/]bundled-page\.ts$/ }, () => {
      const files = Object.keys(pageFiles).map((name) => [name, readFileSync(new URL(name, pageFolder), 'utf8')])
      return { contents: `export const bundledPage = ${JSON.stringify(Object.fromEntries(files))}`, loader: 'js' }
    })
  },
}

// The CLI's two bundles share these plugins, and are minified alike: whitespace and syntax only.
// Less source for V8 to hash and scan makes a cold start quicker (docs/performance.md); names
// stay, so stack traces still read.
const cliPlugins = [
  builtinsRequired,
  basesOnFirstUse,
  englishOnlyZod,
  segmenterOnFirstUse,
  requiredOnFirstCall,
  sharedTokens,
  validatedDefaultWorld,
  bundledPage,
]
const cliMinify = { minifyWhitespace: true, minifySyntax: true } satisfies BuildOptions

// A plain serve command line runs the serve bundle (scripts/serve-bundle.ts), beside the CLI's entry.
const servedFolder = 'dist/src/cli'
const servedBundleManifest = await buildServeBundle({
  common: { ...common, ...cliMinify },
  plugins: cliPlugins,
  external: loadedWhenUsed,
  folder: new URL(`../${servedFolder}/`, import.meta.url),
})
const servedBundleNamed: Plugin = {
  name: 'served-bundle-named',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]cli[\\/]process[\\/]quick-serve-bundle\.ts$/ }, () => ({
      contents: `export const quickServeBundle = ${JSON.stringify(servedBundleManifest)}`,
      loader: 'js',
    }))
  },
}

// The CLI's entry, dist/src/cli/bin.js, is one file with all a plain serve line needs before the
// serve bundle: the Node.js version check, the serve line's reader and the bundle's loader (which
// runs the bundle from beside itself). Split into chunks, as a build shared with the commands
// splits it, a start read four more modules: about 5 % of its CPU. Every other line imports
// dist/src/cli/main.js, yargs and the commands, the CLI's other build (its chunks under
// dist/src/cli/chunks/). The entry never serves from the sources' module (quick-serve.ts): the
// bundle is always there, and a stand-in says so if that ever changes.
const entryImports: Plugin = {
  name: 'entry-imports',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/main\.ts$/ }, () => ({ path: './main.js', external: true }))
    plugin.onResolve({ filter: /^\.\.?\/quick-serve\.ts$/ }, () => ({ path: 'quick-serve', namespace: 'serve-bundle-only' }))
    plugin.onLoad({ filter: /.*/, namespace: 'serve-bundle-only' }, () => ({
      contents: `export function runQuickServe() { throw new Error('llm-gateway-mock: plain serve lines run ${servedFolder}/quick-serve.cjs, which this build has') }`,
      loader: 'js',
    }))
  },
}
// Some of the CLI's dependencies are CommonJS and call require(), which an ES module lacks.
const requireBanner = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
}

await Promise.all([
  build({
    ...common,
    entryPoints: [
      'src/index.ts',
      'src/node/index.ts',
      'src/test-runners/vitest.ts',
      'src/test-runners/jest.ts',
      'src/test-runners/node-test.ts',
      'src/node/package-entry.ts',
    ],
    chunkNames: 'src/chunks/[name]-[hash]',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: ['msw', 'msw/*', 'zod', 'zod/*', 'node:*', 'vitest', ...loadedWhenUsed],
    plugins: [sharedTokens, validatedDefaultWorld, bundledPage],
  }),
  build({ ...common, entryPoints: [tokensModule], bundle: false, splitting: false, platform: 'neutral' }),
  build({
    ...common,
    ...cliMinify,
    entryPoints: ['src/cli/bin.ts'],
    splitting: false,
    platform: 'node',
    external: loadedWhenUsed,
    // Only what its modules need: the other plugins rewrite dependencies the entry does not import.
    plugins: [builtinsRequired, servedBundleNamed, entryImports],
    banner: requireBanner,
  }),
  build({
    ...common,
    ...cliMinify,
    entryPoints: ['src/cli/main.ts'],
    chunkNames: 'src/cli/chunks/[name]-[hash]',
    platform: 'node',
    external: loadedWhenUsed,
    plugins: cliPlugins,
    banner: requireBanner,
  }),
])
