#!/usr/bin/env node
// Imports nothing of the package's own before its entry but the start-up notice: the CLI's entry
// checks the Node.js version before it loads the rest. Node's built-ins are required, not imported:
// an ES module import of one builds a facade that reads all its exports (node:fs's lazy ones load
// more modules), a cost at every start.
import { createRequire } from 'node:module'
import { URL } from 'node:url'
import { startStartupNotice } from './startup-notice.js'

const { existsSync } = createRequire(import.meta.url)('node:fs')

const notice = startStartupNotice()
const built = new URL('../dist/src/cli/bin.js', import.meta.url)
if (existsSync(built)) {
  notice.doing('loading the CLI')
  await import(built.href)
} else {
  // A clone whose dist/ was never built (`npm install` builds it, unless scripts are off): run
  // the sources through tsx, slower to start but the same CLI.
  const sources = new URL('../src/cli/bin.ts', import.meta.url)
  if (!existsSync(sources)) throw new Error(`llm-gateway-mock: ${built.pathname} is missing; reinstall the package`)
  notice.doing('compiling the sources: dist/ is not built, and `npm run build` makes starts fast')
  const { tsImport } = await import('tsx/esm/api')
  await tsImport(sources.href, import.meta.url)
}
