// Moves files into their rooms and makes every path that named them name them again.
//
//   node_modules/.bin/node scripts/move-rooms.mjs [--dry-run] [--no-format] [--map FILE]
//
// Run it from a clean work tree (commit first), then look at `git status` and commit the result.
// --dry-run prints the moves it would make and stops.
//
// The moves are in scripts/move-rooms.json (or --map FILE): `moves` maps an old path to its new
// one, a file, or a folder when both end in `/` (every file under it, those added later too).
// For each, the script `git mv`s what is there and passes over an entry whose source is gone
// (moved already, or deleted): it can run again on a tree that changed since, and a second run
// changes nothing. Then, in src/, test/, bench/, scripts/ and bin/ (.ts .mts .cts .js .mjs .cjs)
// and the config files at the top, it rewrites each relative specifier (import, export ... from,
// import(), vi.mock(), vi.importActual(), require(), new URL(..., import.meta.url)) that no longer
// names an existing file: it resolves the specifier from where the file that holds it stood,
// follows the moves, and writes the path from where that file stands now. So a file that another
// branch adds later, importing a moved file by its old path, is mended by running the script
// again. Paths from the repository's root (src/..., test/..., dist/src/....js) in those files, in
// package.json, the tsconfigs, README.md and docs/*.md (in docs also `folder/file.ts` in backticks,
// read from src/, and relative links) follow the moves too; CHANGELOG.md keeps the paths of its
// day. The changed code files are formatted with the project's prettier (--no-format: not).
//
// At the end it prints what it did, the specifiers it could not resolve, and the files at the top
// of the catch-all rooms (`rooms`) that neither `moves` nor `keep` covers: add those to the map.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs'
import { posix } from 'node:path'
import process from 'node:process'

const args = process.argv.slice(2)
const dryRun = args.includes('--dry-run')
const format = !args.includes('--no-format')
const mapArgument = args.indexOf('--map')
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim()
process.chdir(root)
const mapFile = mapArgument >= 0 ? args[mapArgument + 1] : 'scripts/move-rooms.json'
const map = JSON.parse(readFileSync(mapFile, 'utf8'))
const entries = Object.entries(map.moves)
for (const [from, to] of entries)
  if (from.endsWith('/') !== to.endsWith('/')) throw new Error(`${mapFile}: ${from} -> ${to}: a folder maps to a folder, both ending in /`)

const isFile = (path) => existsSync(path) && statSync(path).isFile()
const isFolder = (path) => existsSync(path) && statSync(path).isDirectory()

/** Where `path` goes by the map (a file's entry first, then the longest folder that holds it). */
function forward(path) {
  let best
  for (const [from, to] of entries) {
    if (from === path) return to
    if (from.endsWith('/') && (path.startsWith(from) || path + '/' === from) && (!best || from.length > best[0].length)) best = [from, to]
  }
  if (!best) return undefined
  return path + '/' === best[0] ? best[1].slice(0, -1) : best[1] + path.slice(best[0].length)
}

/** Where `path` stood before the map moved it there. */
function backward(path) {
  let best
  for (const [from, to] of entries) {
    if (to === path) return from
    if (to.endsWith('/') && path.startsWith(to) && (!best || to.length > best[1].length)) best = [from, to]
  }
  return best && best[0] + path.slice(best[1].length)
}

// A specifier or a path may name a file without its extension, a .ts file as .js, a folder, or the
// built file in dist/ of a source: each is looked up, and moved, as the source file it stands for.
const forms = [
  { match: /^dist\/(src\/.*)\.d\.ts$/, source: (m) => `${m[1]}.ts`, back: (path) => `dist/${path.replace(/\.ts$/, '.d.ts')}` },
  { match: /^dist\/(src\/.*)\.js$/, source: (m) => `${m[1]}.ts`, back: (path) => `dist/${path.replace(/\.ts$/, '.js')}` },
  { match: /^(.*)\.js$/, source: (m) => `${m[1]}.ts`, back: (path) => path.replace(/\.ts$/, '.js') },
  { match: /^(.*\/)$/, source: (m) => m[1], back: (path) => path },
  { match: /^(.*)$/, source: (m) => m[1], back: (path) => path },
  { match: /^(.*\/[^./]+)$/, source: (m) => `${m[1]}.ts`, back: (path) => path.replace(/\.ts$/, '') },
]

/** Whether a path names something that exists, in any of its forms. */
function exists(path) {
  for (const form of forms) {
    const m = form.match.exec(path)
    if (m && existsSync(form.source(m))) return true
  }
  return false
}

/** The path the map moves `path` to, in the same form as it is written, or undefined. */
function follow(path) {
  for (const form of forms) {
    const m = form.match.exec(path)
    if (!m) continue
    const to = forward(form.source(m))
    if (to && existsSync(to)) return form.back(to)
  }
  return undefined
}

function listFiles(folder) {
  const files = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = posix.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) files.push(...listFiles(path))
    } else files.push(path)
  }
  return files
}

function removeEmptyFolders(folder) {
  if (!isFolder(folder)) return
  for (const entry of readdirSync(folder, { withFileTypes: true }))
    if (entry.isDirectory()) removeEmptyFolders(posix.join(folder, entry.name))
  if (readdirSync(folder).length === 0) rmdirSync(folder)
}

// 1. The moves.
const moved = new Map() // new path -> old path, for this run
const passed = { already: 0, gone: 0 }
const conflicts = []
function move(from, to) {
  if (existsSync(to)) {
    conflicts.push(`${from} -> ${to}: both exist; left in place`)
    return
  }
  if (dryRun) return void moved.set(to, from)
  mkdirSync(posix.dirname(to), { recursive: true })
  try {
    execFileSync('git', ['mv', from, to], { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch {
    renameSync(from, to) // not tracked yet
  }
  moved.set(to, from)
}
for (const [from, to] of entries) {
  if (from.endsWith('/')) {
    if (!isFolder(from)) {
      passed[isFolder(to) ? 'already' : 'gone']++
      continue
    }
    for (const file of listFiles(from.slice(0, -1))) move(file, to + file.slice(from.length))
    if (!dryRun) removeEmptyFolders(from.slice(0, -1))
  } else if (isFile(from)) move(from, to)
  else passed[isFile(to) ? 'already' : 'gone']++
}
if (dryRun) {
  for (const [to, from] of moved) process.stdout.write(`${from} -> ${to}\n`)
  for (const line of conflicts) process.stdout.write(`conflict: ${line}\n`)
  process.stdout.write(`would move ${moved.size} file(s); ${passed.already} entr(ies) moved already, ${passed.gone} whose source is gone\n`)
  process.exit(0)
}

// 2. Relative specifiers.
const codeExtensions = /\.(ts|mts|cts|js|mjs|cjs)$/
const configFiles = ['vitest.config.ts', 'vitest.agents.config.ts', 'eslint.config.js', 'eslint.config.mjs', 'prettier.config.js']
const codeFiles = [...['src', 'test', 'bench', 'scripts', 'bin'].filter(isFolder).flatMap(listFiles), ...configFiles.filter(isFile)].filter(
  (path) => codeExtensions.test(path) && !path.endsWith('.d.ts'),
)
const specifier =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^>()]*>)?\(\s*|\brequire\s*\(\s*|\bnew\s+URL\s*\(\s*)([\x27\x22\x60])(\.\.?\/[^\x27\x22\x60\n]*?)\2/g

function resolveFrom(file, spec) {
  const path = posix.normalize(posix.join(posix.dirname(file), spec))
  return spec.endsWith('/') && !path.endsWith('/') ? path + '/' : path
}

function relativeSpec(file, target) {
  let spec = posix.relative(posix.dirname(file), target)
  if (target.endsWith('/') && !spec.endsWith('/')) spec += '/'
  return spec.startsWith('../') ? spec : `./${spec}`
}

const unresolved = []
const rewritten = new Map() // file -> number of specifiers
function rewriteSpecifiers(file, text) {
  // Where the specifiers were written from: where the file stood before this run moved it, or
  // where it stands (and, for a file an earlier run moved, where it stood before).
  const bases = moved.has(file) ? [moved.get(file)] : [file, backward(file)].filter(Boolean)
  let count = 0
  const out = text.replace(specifier, (whole, lead, quote, spec, at) => {
    if (spec.includes('${')) return whole
    // new URL(spec, base) names a file only when the base is the module's own URL.
    if (lead.startsWith('new') && !/^\s*,\s*import\.meta\.url\b/.test(text.slice(at + whole.length))) return whole
    let target
    for (const base of bases) {
      const path = resolveFrom(base, spec)
      target = exists(path) ? path : follow(path)
      if (target) break
    }
    if (!target) {
      const path = resolveFrom(bases[0], spec)
      if (!path.startsWith('..') && !path.startsWith('node_modules/')) unresolved.push(`${file}: ${spec}`)
      target = path
    }
    const next = relativeSpec(file, target)
    if (next === spec) return whole
    count++
    return `${lead}${quote}${next}${quote}`
  })
  if (count) rewritten.set(file, (rewritten.get(file) ?? 0) + count)
  return out
}

// 3. Paths from the repository's root, and (in docs) paths read from src/ and relative links.
const rootPath = /(?<![\w./@-])(\.\/)?((?:dist\/)?(?:src|test|bench|scripts)\/[\w.@\x2a/-]*[\w\x2a/])/g
function followRootPath(token) {
  const glob = token.indexOf('*')
  if (glob >= 0) {
    const folder = token.slice(0, token.lastIndexOf('/', glob) + 1)
    const to = forward(folder)
    return to && !isFolder(folder) && isFolder(to) ? to + token.slice(folder.length) : undefined
  }
  if (exists(token)) return undefined
  return follow(token)
}

const pathsRewritten = new Map()
function rewriteRootPaths(file, text) {
  let count = 0
  let out = text.replace(rootPath, (whole, dot = '', token) => {
    const to = followRootPath(token)
    if (!to || to === token) return whole
    count++
    return dot + to
  })
  if (file.endsWith('.md')) {
    out = out.replace(/\x60((?:[\w.-]+\/)+[\w.-]*)\x60/g, (whole, token) => {
      if (/^(src|test|bench|scripts|dist|docs)\//.test(token) || exists(token)) return whole
      const to = followRootPath(`src/${token}`)
      if (!to) return whole
      count++
      return whole.replace(token, to.slice('src/'.length))
    })
    out = out.replace(/\]\((\.\.?\/[^)\s#]+)([^)]*)\)/g, (whole, link, rest) => {
      const path = resolveFrom(file, link)
      if (exists(path)) return whole
      const to = follow(path)
      if (!to) return whole
      count++
      return `](${relativeSpec(file, to)}${rest})`
    })
  }
  if (count) pathsRewritten.set(file, (pathsRewritten.get(file) ?? 0) + count)
  return out
}

const docFiles = [
  'README.md',
  'package.json',
  ...readdirSync('.').filter((name) => /^tsconfig.*\.json$/.test(name)),
  ...(isFolder('docs')
    ? readdirSync('docs')
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : []),
].filter(isFile)

const changed = []
for (const file of [...codeFiles, ...docFiles]) {
  const text = readFileSync(file, 'utf8')
  let next = codeExtensions.test(file) ? rewriteSpecifiers(file, text) : text
  next = rewriteRootPaths(file, next)
  if (next !== text) {
    changed.push(file)
    writeFileSync(file, next)
  }
}

// 4. Formatting: a rewritten specifier can change a line's length.
const prettier = 'node_modules/.bin/prettier'
const toFormat = changed.filter((file) => !file.endsWith('.md'))
if (format && toFormat.length && isFile(prettier))
  execFileSync(prettier, ['--write', '--log-level', 'warn', ...toFormat], { stdio: 'inherit' })

// 5. What it did, and what is left.
const byRoom = new Map()
for (const to of moved.keys()) {
  const room = posix.dirname(to)
  byRoom.set(room, (byRoom.get(room) ?? 0) + 1)
}
const say = (line) => process.stdout.write(`${line}\n`)
say(`moved ${moved.size} file(s); passed over ${passed.already} entr(ies) moved already, ${passed.gone} whose source is gone`)
for (const [room, count] of [...byRoom].sort()) say(`  ${room}/  ${count}`)
for (const line of conflicts) say(`conflict: ${line}`)
say(`specifiers rewritten: ${[...rewritten.values()].reduce((a, b) => a + b, 0)} in ${rewritten.size} file(s)`)
say(
  `root paths rewritten: ${[...pathsRewritten.values()].reduce((a, b) => a + b, 0)} in ${pathsRewritten.size} file(s)${pathsRewritten.size ? `: ${[...pathsRewritten.keys()].join(', ')}` : ''}`,
)
if (unresolved.length) {
  say(`specifiers that name no file (fix by hand, or add their move):`)
  for (const line of unresolved) say(`  ${line}`)
}
const keep = new Set(map.keep ?? [])
const left = (map.rooms ?? [])
  .filter(isFolder)
  .flatMap((room) =>
    readdirSync(room, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${room}/${entry.name}`),
  )
  .filter((path) => codeExtensions.test(path) && !keep.has(path) && !forward(path))
say(
  left.length
    ? `left at the top of ${map.rooms.join(', ')} (add to ${mapFile}: moves or keep):`
    : `nothing left uncovered at the top of ${(map.rooms ?? []).join(', ')}`,
)
for (const path of left) say(`  ${path}`)
