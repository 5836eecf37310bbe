import type { SessionUpdate } from './realtime-events.ts'

const pcm = { type: 'audio/pcm', rate: 24_000 }

/** The session as `session.created` shows it: the GA fields with OpenAI's defaults. */
export function newSession(id: string, model: string, expiresAt: number) {
  return {
    type: 'realtime' as const,
    object: 'realtime.session',
    id,
    model,
    output_modalities: ['audio'] as ('text' | 'audio')[],
    instructions: 'You are a helpful assistant. Keep your answers short.',
    tools: [] as SessionUpdate['tools'] & unknown[],
    tool_choice: 'auto' as NonNullable<SessionUpdate['tool_choice']>,
    max_output_tokens: 'inf' as number | 'inf',
    tracing: null,
    prompt: null,
    truncation: 'auto',
    expires_at: expiresAt,
    audio: {
      input: {
        format: pcm as unknown,
        transcription: null as unknown,
        noise_reduction: null as unknown,
        // The mock detects no speech: a client commits its audio buffer itself.
        turn_detection: null as unknown,
      } as Record<string, unknown>,
      output: { format: pcm as unknown, voice: 'alloy', speed: 1 } as Record<string, unknown>,
    },
    include: null,
  }
}

export type RealtimeSessionConfig = ReturnType<typeof newSession>

/** The session after a `session.update`: each field given replaces the session's, `audio.input` and `audio.output` field by field. */
export function updateSession(session: RealtimeSessionConfig, update: SessionUpdate): RealtimeSessionConfig {
  const { audio, type: _type, ...rest } = update
  const known = Object.fromEntries(Object.entries(rest).filter(([name]) => name in session))
  return {
    ...session,
    ...known,
    audio: {
      input: { ...session.audio.input, ...audio?.input },
      output: { ...session.audio.output, ...audio?.output },
    },
  }
}
