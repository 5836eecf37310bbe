/** Lines for standard output, written in batches. */
export interface BufferedLines {
  /** Queues a line (without its newline); it is written within `maxDelayMs`, or at once when `maxBytes` are queued. */
  write(line: string): void
  /** Writes what is queued now: before any other output, so that the order stays as it happened. */
  flush(): void
}

export interface BufferedLinesOptions {
  /** How long a line may wait for others. Default 25 ms: a person watching sees no lag. */
  maxDelayMs?: number
  /** What is queued is written at once rather than grow past this many bytes. Default 64 KiB. */
  maxBytes?: number
}

/**
 * The request log's writer. Writing to a file or a pipe is a synchronous system call per write,
 * which at a line per request costs the server much of its throughput; a batch a tick costs one
 * call for many lines, and the lines are the same. What is queued is written when the process
 * exits, however it exits short of being killed.
 *
 * The queue is the lines' UTF-8 in a buffer outside V8's heap rather than the strings themselves:
 * queued strings survive the young-generation collections that come while they wait, and what
 * survives them under load decides how far V8 grows its young generation, much of a loaded
 * server's memory (docs/performance.md, "What survives a collection").
 */
export function bufferStdoutLines({ maxDelayMs = 25, maxBytes = 64 * 1024 }: BufferedLinesOptions = {}): BufferedLines {
  let bytes = Buffer.allocUnsafe(maxBytes)
  let used = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (used === 0) return
    const queued = bytes.subarray(0, used)
    // A buffer of its own for what comes next: a write to a pipe may still be reading this one.
    bytes = Buffer.allocUnsafe(maxBytes)
    used = 0
    process.stdout.write(queued)
  }
  process.on('exit', flush)
  return {
    write(line) {
      // UTF-8 takes at most three bytes per UTF-16 unit; then the newline.
      const most = 3 * line.length + 1
      if (used + most > maxBytes) {
        flush()
        if (most > maxBytes) {
          process.stdout.write(`${line}\n`)
          return
        }
      }
      used += bytes.write(line, used)
      bytes[used++] = 0x0a
      if (timer === undefined) {
        timer = setTimeout(flush, maxDelayMs)
        // The log must not keep a stopping server alive; 'exit' writes the rest.
        timer.unref()
      }
    },
    flush,
  }
}
