import { speechSampleRate } from '../../../media/speech-samples.ts'
import type { ResponseParams, SessionUpdate } from './realtime-events.ts'

/** The Realtime API's `audio/pcm`, at the rate the gateway speaks. */
const pcm = { type: 'audio/pcm', rate: speechSampleRate }

/** A session's settings, as `session.created` and `session.updated` show them (the GA fields). */
export interface RealtimeSessionConfig {
  type: 'realtime'
  object: 'realtime.session'
  id: string
  model: string
  output_modalities: ('text' | 'audio')[]
  instructions: string
  tools: NonNullable<SessionUpdate['tools']>
  tool_choice: NonNullable<SessionUpdate['tool_choice']>
  max_output_tokens: number | 'inf'
  tracing: null
  prompt: null
  truncation: 'auto'
  expires_at: number
  /** What a client sets is kept as it sent it (formats, transcription, noise reduction, turn detection): the mock reads the voice only. */
  audio: {
    input: Record<string, unknown>
    output: Record<string, unknown> & { voice?: unknown; format?: unknown }
  }
  include: null
}

/** The session as `session.created` shows it: OpenAI's defaults. */
export function newSession(id: string, model: string, expiresAt: number): RealtimeSessionConfig {
  return {
    type: 'realtime',
    object: 'realtime.session',
    id,
    model,
    output_modalities: ['audio'],
    instructions: 'You are a helpful assistant. Keep your answers short.',
    tools: [],
    tool_choice: 'auto',
    max_output_tokens: 'inf',
    tracing: null,
    prompt: null,
    truncation: 'auto',
    expires_at: expiresAt,
    audio: {
      // The mock detects no speech: a client commits its audio buffer itself.
      input: { format: pcm, transcription: null, noise_reduction: null, turn_detection: null },
      output: { format: pcm, voice: 'alloy', speed: 1 },
    },
    include: null,
  }
}

/** The session after a `session.update`: each field given replaces the session's, `audio.input` and `audio.output` field by field. */
export function updateSession(session: RealtimeSessionConfig, update: SessionUpdate): RealtimeSessionConfig {
  const { audio, type: _type, ...rest } = update
  return {
    ...session,
    ...knownFields(session, rest),
    audio: {
      input: { ...session.audio.input, ...audio?.input },
      output: { ...session.audio.output, ...audio?.output },
    },
  }
}

/** The settings one response goes by: the session's, with `response.create`'s own fields over them. */
export function responseSettings(session: RealtimeSessionConfig, params: ResponseParams): RealtimeSessionConfig {
  const { conversation: _conversation, input: _input, metadata: _metadata, ...rest } = params
  return { ...session, ...knownFields(session, rest) }
}

/** The fields of `changes` the session has, those given (a client's other fields pass unread, as OpenAI's unknown ones do). */
function knownFields(session: RealtimeSessionConfig, changes: Record<string, unknown>): Partial<RealtimeSessionConfig> {
  return Object.fromEntries(Object.entries(changes).filter(([name, value]) => name in session && value !== undefined))
}
