import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The runner fixtures' test files are run by their own runners, as subprocesses
    // (test/test-runners/runners.test.ts).
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    // The CLI, package and runner tests run the built package: build it from the sources first, unless it is current.
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
