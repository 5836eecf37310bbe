import type { ReplayReport, UnmatchedReplayRequest, UnusedRecording } from './replay.ts'

/** The replay's ledger, for assertions at the end of a test (the same shape as the scenarios' control). */
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

/** A gateway's replay: its control, its routes (the replay in front of those that replay), and what the admin routes read. */
export interface GatewayReplay<R> {
  readonly control: ReplayControl
  readonly routes: readonly R[]
  /** Every recording unused again. */
  reset(): void
  /** The report, whether it is done, and the assertion's message when it is not. */
  status(): { done: boolean; report: ReplayReport; message?: string }
}

/** A gateway with nothing to replay: an empty ledger, done from the start, and its routes as they are. */
export function noReplay<R>(routes: readonly R[]): GatewayReplay<R> {
  const report = (): ReplayReport => ({ recordings: [], unused: [], unmatched: [], neverReplayed: [] })
  return {
    control: { recordings: [], strict: false, pending: report, unused: () => [], unmatched: () => [], assertDone() {} },
    routes,
    reset() {},
    status: () => ({ done: true, report: report() }),
  }
}
