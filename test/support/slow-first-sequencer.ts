// vitest's file order, for a run that has no durations of its own yet (a fresh clone, or after
// `npm install` emptied node_modules/.vite): vitest then starts the largest files first, which is
// no guide to how long they take. Such a run took 125 s where the same files ordered by their
// durations, longest first, took 104 s (docs/testing.md). Here they are ordered by the durations
// of a whole run on the development machine (file-durations.json, written by `npm run
// test:durations`); a file it does not know goes first, as vitest puts unknown files first. Once
// vitest has recorded durations of its own it orders by them.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import durations from './file-durations.json' with { type: 'json' }

const known: Record<string, number> = durations

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const path = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId)
    if (files.some((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) return sorted
    const rank = (spec: TestSpecification) => -(known[path(spec)] ?? Number.POSITIVE_INFINITY)
    return [...sorted].sort((a, b) => rank(a) - rank(b))
  }
}
