/**
 * Resolves after timers and I/O that are already due have had their turn: a macrotask, since a
 * resolved promise would run before them. Long computations await it between slices so that the
 * server keeps answering other clients (and signals) meanwhile.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
