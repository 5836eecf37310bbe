import type { AnswerReader } from './collapse/collapsed.ts'
import type { RequestKey } from './request-key-schema.ts'

/**
 * How a route's answers are recorded as content and replayed: what the route declares as its
 * `recording`, beside its `model` and `auth`, in its surface's folder. Recording and replay read
 * a surface's wire format through it alone. A route without one is recorded for reading (its
 * answer kept as its body) and answered by the world on replay.
 */
export interface RouteRecording<Body = unknown> {
  /**
   * Routes that answer the same requests in two ways share a family (`generateContent` and its
   * stream): a recording of one answers the other.
   */
  family: string
  kind: 'generation' | 'embeddings'
  /** What identifies a request, from its validated body: the same rule on both sides (request-key.ts). */
  key(body: Body): RequestKey
  /** The prefixes the surface puts before a reply id and a call id, which the recording keeps and the replay takes off. */
  prefixes: { reply?: string; call?: string }
  /** How an answer of the family collapses into a reply or vectors: its JSON, and its stream's events. */
  answers: AnswerReader
}

// The declaration's type is recording's: the pipeline, which recording builds on, cannot name it,
// so recording adds the field to the pipeline's Route.
declare module '../pipeline/route.ts' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats every type parameter of the interface
  interface Route<Auth, Body> {
    /** How the route is recorded and replayed (src/recording/route-recording.ts); none: kept for reading only. */
    recording?: RouteRecording<Body>
  }
}
