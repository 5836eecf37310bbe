// npm run test:durations: writes test/support/file-durations.json from the durations vitest recorded
// in its last run (node_modules/.vite/vitest/*/results.json). The suite's sequencer
// (test/support/slow-first-sequencer.ts) orders a run that has none of its own, a fresh clone's, by
// them. Run it after a whole `npm test` on the development machine when files were added or
// became much slower; a stale table only orders a first run less well.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'

const cache = new URL('../node_modules/.vite/vitest/', import.meta.url)
const durations = new Map<string, number>()
for (const folder of readdirSync(cache)) {
  const { results } = JSON.parse(readFileSync(new URL(`${folder}/results.json`, cache), 'utf8')) as {
    results: [string, { duration?: number }][]
  }
  for (const [key, { duration }] of results) {
    const file = key.slice(key.indexOf(':') + 1)
    if (duration !== undefined) durations.set(file, Math.round(duration))
  }
}
const sorted = [...durations].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
writeFileSync(new URL('../test/support/file-durations.json', import.meta.url), `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`)
console.log(`test/support/file-durations.json: ${sorted.length} files`)
