import { describe, expect, it } from 'vitest'
import { isWrapper } from '../../../src/cli/process/launcher-chain.ts'

// The server watches every wrapper between it and its launcher, and the launcher itself: a process
// taken for a wrapper by mistake widens the watch to its parent; a wrapper missed leaves a server
// behind when the launcher is killed.
describe('which processes only wrap another', () => {
  it.each([
    ['npm with its process title', ['npm exec llm-gateway-mock --port 0 --quiet']],
    ['npm run', ['npm run start']],
    ['npx through node', ['node', '/usr/lib/node_modules/npm/bin/npx-cli.js', 'llm-gateway-mock']],
    [
      'npm-cli.js with node options first',
      ['/usr/bin/node', '--max-old-space-size=4096', '/usr/lib/node_modules/npm/bin/npm-cli.js', 'start'],
    ],
    ['sh -c', ['sh', '-c', "'llm-gateway-mock' --port 0"]],
    ['bash -ec', ['/bin/bash', '-ec', 'npm start']],
    ['tsx from node_modules/.bin', ['node', '/repo/node_modules/.bin/tsx', 'src/cli/bin.ts']],
    ["tsx's cli", ['node', '/repo/node_modules/tsx/dist/cli.mjs', 'src/cli/bin.ts']],
    ['pnpm', ['pnpm', 'exec', 'llm-gateway-mock']],
    ['yarn through node', ['node', '/home/me/.yarn/bin/yarn.js', 'start']],
  ])('%s is a wrapper', (_, argv) => {
    expect(isWrapper(argv)).toBe(true)
  })

  it.each([
    ['an interactive shell', ['bash']],
    ['a login shell', ['-bash']],
    ['a shell script', ['bash', 'ci.sh']],
    ["a user's node script", ['node', 'scripts/start-gateway.mjs']],
    ['a node script run with --import tsx', ['node', '--import', 'tsx', 'scripts/start.ts']],
    ['node -e', ['node', '-e', 'require("child_process").spawn("npx")']],
    ['a test runner', ['node', '/repo/node_modules/vitest/vitest.mjs', 'run']],
    ['timeout', ['timeout', '60', 'npx', 'llm-gateway-mock']],
    ['init', ['/sbin/init']],
  ])('%s is a launcher', (_, argv) => {
    expect(isWrapper(argv)).toBe(false)
  })
})
