/** The gateway's answers to the benchmark's chat requests, which the bare server repeats. */
export interface ReferenceReplies {
  completion: unknown
  chunks: unknown[]
}

/** Tells the benchmark which port this server took, and answers its requests for the RSS. */
export function reportToParent(port: number): void {
  process.send?.({ port })
  process.on('message', (message) => {
    if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss })
  })
  process.on('disconnect', () => process.exit(0))
}
