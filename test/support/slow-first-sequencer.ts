// vitest's file order, for a run that has no durations of its own yet (a fresh clone, or after
// `npm install` emptied node_modules/.vite): vitest then starts the largest files first, which left
// the runner fixtures' and the tarball's long runs to the end, with one worker idle meanwhile. Here
// the files known to be slow start first; once vitest has recorded durations it orders by them.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The slowest files of a whole run on the 2-core development machine, slowest first (docs/testing.md). */
const slowest = [
  'test/package/tarball.test.ts',
  'test/test-runners/runners.test.ts',
  'test/surfaces/admin/inspector/browser.test.ts',
  'test/cli/stopping.test.ts',
  'test/surfaces/openai/audio.test.ts',
  'test/pipeline/robustness.test.ts',
  'test/generation/long-prompts.test.ts',
  'test/cli/node-version.test.ts',
  'test/cli/record.test.ts',
  'test/recording/record.test.ts',
  'test/cli/binary.test.ts',
  'test/import/import-world.test.ts',
  'test/cli/tls.test.ts',
  'test/package/browser.test.ts',
]

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const path = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId)
    if (files.some((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) return sorted
    const rank = (spec: TestSpecification) => {
      const index = slowest.indexOf(path(spec))
      return index === -1 ? slowest.length : index
    }
    // Within a project only: vitest runs the projects one after the other, in the order it gave them.
    const position = new Map(sorted.map((spec, index) => [spec, index]))
    const projects = [...new Set(sorted.map((spec) => spec.project))]
    const project = (spec: TestSpecification) => projects.indexOf(spec.project)
    return [...sorted].sort((a, b) => project(a) - project(b) || rank(a) - rank(b) || position.get(a)! - position.get(b)!)
  }
}
