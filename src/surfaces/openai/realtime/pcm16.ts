import { bytesToBase64 } from '../../../bytes/base64.ts'
import { pitchOf, speechSampleRate, spokenPiece } from '../../../media/speech-samples.ts'

// The Realtime API's `audio/pcm`: 16-bit little-endian mono samples at 24 kHz, the rate the gateway speaks at.
const bytesPerMs = (speechSampleRate * 2) / 1000

/** How long base64 PCM16 audio lasts, in ms, and whether it is base64 at all. */
export function base64AudioMs(audio: string): number | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(audio) || audio.length % 4 === 1) return undefined
  const padding = audio.endsWith('==') ? 2 : audio.endsWith('=') ? 1 : 0
  return (Math.floor((audio.length * 3) / 4) - padding) / bytesPerMs
}

/** How long the mock speaks each token of a transcript. */
export const msPerSpokenToken = 200

// A piece's audio depends only on its pitch, of which there are a few dozen.
const spoken = new Map<number, string>()

/**
 * Spoken audio for one piece of a transcript: real PCM16 samples (a soft tone whose pitch follows
 * the piece, so different replies sound different), `msPerSpokenToken` long, as base64.
 */
export function speak(piece: string): string {
  const pitch = pitchOf(piece)
  let audio = spoken.get(pitch)
  if (audio === undefined) {
    const samples = spokenPiece(pitch, msPerSpokenToken)
    spoken.set(pitch, (audio = bytesToBase64(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength))))
  }
  return audio
}

/** Audio tokens as OpenAI's Realtime models count them: input at 10 a second, output at 20. */
export const realtimeAudioTokens = {
  input: (ms: number) => Math.ceil(ms / 100),
  output: (ms: number) => Math.ceil(ms / 50),
}
