import type { Route } from '../pipeline/route.ts'
import { namedRecordings, type ReplaySource } from './named-recordings.ts'
import { isReplayDone, Replay } from './replay.ts'
import { ReplayAssertionError } from './replay-assertion-error.ts'
import type { GatewayReplay } from './replay-control.ts'
import { withReplay } from './with-replay.ts'

/**
 * A gateway's replay of `source`: the ledger of its recordings and the routes with the replay in
 * front of those that replay. Loaded by `createGateway` only when it is given recordings, so a
 * gateway without them carries none of this.
 */
export function gatewayReplay(
  routes: readonly Route<any, any>[],
  source: ReplaySource | readonly ReplaySource[],
  { strict, speed }: { strict: boolean; speed: number },
): GatewayReplay<Route<any, any>> {
  const replay = new Replay(namedRecordings(source))
  return {
    control: {
      get recordings() {
        return replay.recordings
      },
      strict,
      pending: () => replay.report(),
      unused: () => replay.report().unused,
      unmatched: () => replay.report().unmatched,
      assertDone() {
        const report = replay.report()
        if (!isReplayDone(report)) throw new ReplayAssertionError(report)
      },
    },
    routes: withReplay(routes, { replay, strict, speed }),
    reset: () => replay.reset(),
    status() {
      const report = replay.report()
      const done = isReplayDone(report)
      // The message is written only for what asks for it (the assert route), not for each state read.
      return {
        done,
        report,
        get message() {
          return done ? undefined : new ReplayAssertionError(report).message
        },
      }
    },
  }
}
