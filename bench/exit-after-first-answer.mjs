// Preloaded (node --import) by bench/count-start.ts: the server exits once it has answered its first
// request, so that what valgrind counts ends there. node:http is required, not imported: an ES
// module import of it builds a facade that reads every export and so loads undici (Node's fetch),
// which would be counted in every process whether the server loads it or not.
import { createRequire } from 'node:module'

const { process, setImmediate } = globalThis
const http = createRequire(import.meta.url)('node:http')
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') args[1].once('finish', () => setImmediate(() => process.exit(0)))
  return emit.call(this, event, ...args)
}
