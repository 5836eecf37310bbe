import type { RunningServer } from '../../src/node/index.ts'

/**
 * Sends a slow request (`send`) to `server`, in this process, and a `GET /api/status` as soon as
 * the server has the slow one: the order their answers came back in. A server that does the slow
 * one's work in one piece answers `['slow', 'status']`; one that lets other clients in meanwhile,
 * `['status', 'slow']`.
 */
export async function answerOrder(server: RunningServer, send: () => Promise<unknown>): Promise<string[]> {
  const answered: string[] = []
  const status = new Promise<void>((resolve, reject) => {
    server.server.once('request', () => {
      fetch(`${server.url}/api/status`)
        .then(async (response) => {
          await response.arrayBuffer()
          answered.push('status')
          resolve()
        })
        .catch(reject)
    })
  })
  const slow = send().then(() => answered.push('slow'))
  await Promise.all([status, slow])
  return answered
}
