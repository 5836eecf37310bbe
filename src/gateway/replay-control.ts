import type { GatewayControl } from '../pipeline/gateway-runtime.ts'
import { ReplayAssertionError } from '../recording/replay-assertion-error.ts'
import { isReplayDone, type Replay, type ReplayReport, type UnmatchedReplayRequest, type UnusedRecording } from '../recording/replay.ts'

/** The replay's ledger, for assertions at the end of a test (the same shape as {@link ScenarioControl}). */
export interface ReplayControl {
  /** Names of the recordings replayed (their file paths, or `replay[i]`), in the order given. */
  readonly recordings: readonly string[]
  /**
   * Whether the replay is strict (`replayStrict`): the recordings are the whole of what the test
   * should send, so a recording left unused or a request none matched is a failure (the test-runner
   * fixtures fail the test then).
   */
  readonly strict: boolean
  /** Recorded exchanges not yet used and requests no recording answered. */
  pending(): ReplayReport
  /** The recorded exchanges (generations, embeddings, errors) that no request has used yet. */
  unused(): UnusedRecording[]
  /** The requests no recording answered, each with the nearest recordings and what differs. */
  unmatched(): UnmatchedReplayRequest[]
  /** Throws, with the report in the message, if a recorded exchange was not used or a request had no recording. */
  assertDone(): void
}

/** The gateway's `replay`: the ledger, read live. */
export function replayControl(replay: Replay, strict: boolean): ReplayControl {
  return {
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
  }
}

/** The replay's verdict as the admin API's state and assert routes read it. */
export function replayVerdict(replay: Replay): ReturnType<GatewayControl['replay']> {
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
}
