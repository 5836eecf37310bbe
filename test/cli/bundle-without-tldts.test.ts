// tough-cookie (msw's dependency) looks up public suffixes with tldts, whose list is a ninth of the
// CLI's bundles and was compiled at every start with no code cache. The bundles leave it out and
// require it from node_modules on the first lookup (scripts/build.ts, requiredOnFirstCall), from
// where tough-cookie finds it. The lookup a server makes is rare (cookies to match), so these
// cases run the bundles' own code for it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inRepo } from '../support/paths.ts'

const bundles = ['dist/src/cli/quick-serve.cjs', 'dist/src/cli/main.js']

/** The bundle's `getDomain`, as tough-cookie calls it, run with the bundle's own require and URL. */
function bundledGetDomain(file: string): (domain: string) => string | null {
  const text = readFileSync(inRepo(file), 'utf8')
  const code = /getDomain=\(\.\.\.args\)=>\{if\(!tldts\)\{.*?return tldts\.getDomain\(\.\.\.args\)\}/.exec(text)?.[0]
  if (code === undefined) throw new Error(`${file}: no getDomain that requires tldts on first use`)
  // Whatever the bundle calls its require (`require`, esbuild's `__require`, …), and its URL
  // (`import.meta.url`, or the serve bundle's `__importMetaUrl`).
  const requireName = /([\w$]+)\("node:module"\)/.exec(code)?.[1] ?? 'require'
  const url = pathToFileURL(inRepo(file).pathname).href
  const made = new Function(
    requireName,
    '__importMetaUrl',
    `let tldts, ${code.replaceAll('import.meta.url', '__importMetaUrl')}; return getDomain`,
  )
  return made(createRequire(url), url) as (domain: string) => string | null
}

describe("the CLI's bundles and tldts", () => {
  it.each(bundles)('%s carries no public-suffix list', (file) => {
    const text = readFileSync(inRepo(file), 'utf8')
    // A rule of the list that no code of ours mentions.
    expect(text).not.toContain('kommunalforbund')
    expect(text).toContain('"tldts"')
  })

  it.each(bundles)('%s requires tldts where tough-cookie finds it, on the first lookup', (file) => {
    const getDomain = bundledGetDomain(file)
    expect(getDomain('www.example.co.uk')).toBe('example.co.uk')
    expect(getDomain('api.gateway.example.com')).toBe('example.com')
  })
})
