import * as nodeModule from 'node:module'
import { unsupportedNodeMessage } from '../supported-node.ts'
import { exitCodes } from './process/exit-codes.ts'
import { loadQuickServe } from './process/load-quick-serve.ts'
import { runCli } from './run-cli.ts'
import { startupNotice } from './process/startup-notice.ts'

// Checked before the CLI does anything: on an old Node.js it would otherwise serve without a word
// and fail later, far from the cause. What is imported above only defines functions and reads
// flags (no yargs, no gateway), and the build makes it and this file one (a plain serve line then
// reads no chunk before the serve bundle: docs/decisions/serve-code-cache.md);
// test/cli/node-version.test.ts runs it on an old Node.js.
const refusal = unsupportedNodeMessage()
if (refusal === undefined) {
  // V8's compiled code for the CLI's bundle, kept on disk (in the system's temporary folder) from
  // one start to the next, so that a start does not compile it all again. Absent on the old Node.js
  // versions refused above; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  nodeModule.enableCompileCache?.()
  process.exitCode = await runCli(process.argv.slice(2), loadQuickServe)
  startupNotice().done()
} else {
  startupNotice().done()
  console.error(refusal)
  process.exitCode = exitCodes.unsupportedNode
}
