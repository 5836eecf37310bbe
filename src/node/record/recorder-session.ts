import type { RenderedResponse } from '../../http/rendered-response.ts'
import type { UpstreamAgents } from './forward-to-upstream.ts'
import type { RecorderExchange } from './recorder-exchange.ts'
import type { RecordingFile } from './recording-file.ts'
import type { Upstream } from './upstream-request.ts'

/** What one recorder session shares between the exchanges it relays and records. */
export interface RecorderSession {
  readonly upstream: Upstream
  readonly agents: UpstreamAgents
  /** `--redact` patterns. */
  readonly patterns: readonly RegExp[]
  readonly file: RecordingFile
  /** What the session showed of the upstream (RunningRecorder's `seen`). */
  readonly seen: { newApi: boolean; readonly models: Set<string> }
  /** The exchanges still being recorded, which closing waits for. */
  readonly pending: Set<Promise<void>>
  /** Tells the recorder's `onExchange`. */
  tell(exchange: RecorderExchange): void
  /** The answer to a request the upstream did not answer. */
  unreachable(detail: string, path: string): RenderedResponse
}
