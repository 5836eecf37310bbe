import { defineConfig } from 'vitest/config'

// `npm run test:agents`: the coding agents, installed at pinned versions, driven against the gateway.
// Opt-in: it downloads the clients (once) and each run takes minutes.
export default defineConfig({
  test: {
    include: ['test/agents/**/*.agent.ts'],
    globalSetup: ['test/agents/install-clients.ts'],
    testTimeout: 240_000,
    hookTimeout: 900_000,
    // One client at a time: each starts a runtime of its own.
    fileParallelism: false,
  },
})
