import type { ReplayReport } from './replay.ts'

/** `gateway.replay.assertDone()` failed: the message lists the recorded exchanges never used and the requests no recording answered. */
export class ReplayAssertionError extends Error {
  readonly report: ReplayReport

  constructor(report: ReplayReport) {
    const lines = [`Replay of ${report.recordings.map((name) => `"${name}"`).join(', ') || 'no recordings'} is not done:`]
    for (const unused of report.unused) {
      lines.push(
        `  - "${unused.recording}" #${unused.id} (${unused.route}${unused.model ? `, model ${unused.model}` : ''}, ${unused.asked}) was never used`,
      )
    }
    for (const miss of report.unmatched) {
      const nearest = miss.nearest.map((near) => `"${near.recording}" #${near.id} (${near.differences.join('; ')})`)
      lines.push(
        `  - ${miss.method} ${miss.path} (model ${miss.model}, request ${miss.requestId}): ${miss.reason}` +
          (nearest.length > 0 ? `; nearest: ${nearest.join(', ')}` : ''),
      )
    }
    super(lines.join('\n'))
    this.name = 'ReplayAssertionError'
    this.report = report
  }
}
