/** What the bare server (serve-bare.mjs) answers, taken from the gateway by the benchmark before it starts. */
export interface BareReplies {
  /** The model list each `Authorization` header gets. */
  lists: Record<string, unknown>
  completion: unknown
  chunks: unknown[]
}
