import { unsupportedNodeMessage } from '../supported-node.ts'
import { exitCodes } from './exit-codes.ts'

// Checked before anything else is imported: on an old Node.js the CLI would otherwise serve
// without a word and fail later, far from the cause.
const refusal = unsupportedNodeMessage()
if (refusal === undefined) {
  const { main } = await import('./main.ts')
  process.exitCode = await main(process.argv.slice(2))
} else {
  console.error(refusal)
  process.exitCode = exitCodes.unsupportedNode
}
