// Preloaded (node --import) by bench/compare-starts.ts: once the server has answered its first
// request, it writes the process's CPU time so far (user and system, all threads, in ms) to stderr
// as `cpu-at-first-answer <ms>` and exits. node:http is required, not imported, for the reason
// exit-after-first-answer.mjs gives (an ES module import of it loads undici).
import { createRequire } from 'node:module'

const { process, setImmediate } = globalThis
const http = createRequire(import.meta.url)('node:http')
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request')
    args[1].once('finish', () =>
      setImmediate(() => {
        const { user, system } = process.cpuUsage()
        process.stderr.write(`\ncpu-at-first-answer ${(user + system) / 1000}\n`)
        process.exit(0)
      }),
    )
  return emit.call(this, event, ...args)
}
