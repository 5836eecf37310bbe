/** Lines for standard output, written in batches. */
export interface BufferedLines {
  /** Queues a line (without its newline); it is written within `maxDelayMs`, or at once past `maxBytes`. */
  write(line: string): void
  /** Writes what is queued now: before any other output, so that the order stays as it happened. */
  flush(): void
}

export interface BufferedLinesOptions {
  /** How long a line may wait for others. Default 25 ms: a person watching sees no lag. */
  maxDelayMs?: number
  /** Written at once when the queue reaches this many characters. Default 64 KiB. */
  maxBytes?: number
}

/**
 * The request log's writer. Writing to a file or a pipe is a synchronous system call per write,
 * which at a line per request costs the server much of its throughput; a batch a tick costs one
 * call for many lines, and the lines are the same. What is queued is written when the process
 * exits, however it exits short of being killed.
 */
export function bufferStdoutLines({ maxDelayMs = 25, maxBytes = 64 * 1024 }: BufferedLinesOptions = {}): BufferedLines {
  let queued = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (queued === '') return
    const text = queued
    queued = ''
    process.stdout.write(text)
  }
  process.on('exit', flush)
  return {
    write(line) {
      queued += `${line}\n`
      if (queued.length >= maxBytes) flush()
      else if (timer === undefined) {
        timer = setTimeout(flush, maxDelayMs)
        // The log must not keep a stopping server alive; 'exit' writes the rest.
        timer.unref()
      }
    },
    flush,
  }
}
