/**
 * The tokens of audio as new-api counts an upload or a speech's output: 1000 a minute, every
 * started second counted (the Realtime API counts otherwise: realtimeAudioTokens).
 */
export function audioDurationTokens(seconds: number): number {
  return Math.round((Math.ceil(seconds) / 60) * 1000)
}
