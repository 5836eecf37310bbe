import { configDefaults, defineConfig } from 'vitest/config'
import SlowFirstSequencer from './test/support/slow-first-sequencer.ts'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The runner fixtures' test files are run by their own runners, as subprocesses
    // (test/test-runners/runners.test.ts).
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    // The CLI, package and runner tests run the built package: build it from the sources first, unless it is current.
    // The package tests share one install of the packed tarball, in a folder the run provides.
    globalSetup: ['test/support/build-dist.ts', 'test/support/packed-project-home.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // vitest's default on a 2-core machine is one worker, which leaves a core idle while a file
    // waits on the processes it started; a third worker made the process-heavy files time out
    // (docs/testing.md has the measurements).
    maxWorkers: 2,
    // Importing the SDKs and the sources again for every file was a third of the suite's time. No
    // file leaves global state behind (each closes its servers and msw interception and puts back
    // the environment it changed), so the files of a worker share the modules.
    isolate: false,
    // Node imports the files itself and strips their types: vite's module runner transformed the
    // 700 source and test files on vitest's main thread while the workers waited, 14 s of a fresh
    // clone's first run (docs/testing.md). The sources are erasable TypeScript (tsconfig's
    // erasableSyntaxOnly), which Node runs as it is. Without the runner there is no vi.mock: a test
    // that needs a part replaced passes its own (main's runServe, runServe's waitForStop,
    // serveCertificate's readFile).
    experimental: { viteModuleRunner: false },
    // A run with no durations of its own starts the known slow files first (the sequencer's file says why).
    sequence: { sequencer: SlowFirstSequencer },
  },
})
