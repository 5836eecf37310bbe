/**
 * An event stream with no planned end (the inspector's live feed): `open` starts it with a writer
 * and returns what stops it, which the writer calls when the client leaves or the server closes.
 */
export interface OpenFeed {
  open(write: (text: string) => void): () => void
}

/** The feed as a byte stream (the in-process path): cancelling it, or aborting `signal`, stops it. */
export function feedToReadableStream(feed: OpenFeed, signal?: AbortSignal | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let stop: (() => void) | undefined
  const end = () => {
    stop?.()
    stop = undefined
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (signal?.aborted) {
        controller.close()
        return
      }
      stop = feed.open((text) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          // The stream was closed under the feed (its reader errored): stop sending.
          end()
        }
      })
      signal?.addEventListener(
        'abort',
        () => {
          end()
          try {
            controller.close()
          } catch {
            // Already closed.
          }
        },
        { once: true },
      )
    },
    cancel: end,
  })
}
