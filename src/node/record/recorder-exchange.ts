/** One exchange as the recorder reports it (what its log line shows). */
export interface RecorderExchange {
  /** When the request came (ISO time). */
  time: string
  method: string
  /** The path and query, without credentials and redacted. */
  path: string
  model?: string
  /** The upstream's status; undefined when it did not answer. */
  status?: number
  /** For a stream: how many events it had. */
  frames?: number
  durationMs: number
  /** The exchange's number in the recording, once the file holds it. */
  recorded?: number
  /** Why it was not recorded (or not yet written), or what to know about how it was. */
  note?: string
}
