// A start that takes over a second says what it is doing, on stderr, to a person at a terminal:
// a clone whose dist/ is not built compiles the sources first, a TypeScript world is compiled, a
// cold disk reads slowly. A fast start prints nothing and pays for one timer; output to a pipe or
// a log (CI, tests, scripts) never gets the line, so it stays the same however loaded the machine.
// The CLI, bundled apart from this file, says what it is doing and when it is ready through a
// global (src/cli/process/startup-notice.ts).
// The global, not `import process from 'node:process'`, whose ES module facade reads every
// property of process at each start.
const { process } = globalThis

/** Where the CLI finds the notice. */
export const startupNoticeKey = Symbol.for('llm-gateway-mock.startup-notice')

/**
 * Starts the notice: after `after` ms without `done()`, one line with what the start is doing,
 * then a line for each thing it goes on to do until `done()`. `write` defaults to stderr where it
 * is a terminal, and to nothing elsewhere.
 *
 * @param {{ after?: number, write?: ((text: string) => void) | undefined }} [options]
 * @returns {{ doing(what: string): void, done(): void }}
 */
export function startStartupNotice({ after = 1_000, write = terminalWrite() } = {}) {
  let current = 'loading'
  let shown = false
  const say = () => write?.(`llm-gateway-mock: starting… (${current})\n`)
  const timer =
    write &&
    globalThis.setTimeout(() => {
      shown = true
      say()
    }, after)
  // A command that finishes sooner exits without waiting for it.
  timer?.unref?.()
  const notice = {
    doing(what) {
      current = what
      if (shown) say()
    },
    done() {
      globalThis.clearTimeout(timer)
      shown = false
    },
  }
  globalThis[startupNoticeKey] = notice
  return notice
}

function terminalWrite() {
  return process.stderr.isTTY ? (text) => process.stderr.write(text) : undefined
}
