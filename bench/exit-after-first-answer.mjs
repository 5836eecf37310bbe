// Preloaded (node --import) by bench/count-start.ts: the server exits once it has answered its first
// request, so that what valgrind counts ends there.
import http from 'node:http'
import process from 'node:process'
import { setImmediate } from 'node:timers'

const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') args[1].once('finish', () => setImmediate(() => process.exit(0)))
  return emit.call(this, event, ...args)
}
