/**
 * A fetch that remembers each JSON request body it sends, then calls the global fetch at call time
 * (so msw, once listening, still intercepts it). For clients that take a custom fetch.
 */
export function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
  return (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>)
    return globalThis.fetch(input, init)
  }
}
