import type { ServerResponse } from 'node:http'
import type { OpenFeed } from '../../streaming/open-feed.ts'

/**
 * Plays an open feed out to a Node response until the connection closes: the client left, or the
 * server closed it (`startServer().close()` ends every connection, so an open inspector never
 * holds a shutdown). Resolves once the feed is stopped.
 */
export function writeOpenFeed(feed: OpenFeed, res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    if (res.destroyed) {
      resolve()
      return
    }
    // A client far behind (a paused tab) is not buffered for without end: it is dropped, and
    // reconnects to read the state afresh.
    const stop = feed.open((text) => {
      if (res.destroyed || res.writableEnded) return
      if (!res.write(text) && res.writableLength > maxBufferedBytes) res.destroy()
    })
    res.once('close', () => {
      stop()
      resolve()
    })
  })
}

const maxBufferedBytes = 4 * 1024 * 1024
