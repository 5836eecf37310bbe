/** The Realtime API's `audio/pcm`: 16-bit little-endian mono samples at 24 kHz. */
export const sampleRate = 24_000
const bytesPerMs = (sampleRate * 2) / 1000

/** How long base64 PCM16 audio lasts, in ms, and whether it is base64 at all. */
export function base64AudioMs(audio: string): number | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(audio) || audio.length % 4 === 1) return undefined
  const padding = audio.endsWith('==') ? 2 : audio.endsWith('=') ? 1 : 0
  return (Math.floor((audio.length * 3) / 4) - padding) / bytesPerMs
}

/** How long the mock speaks each token of a transcript. */
export const msPerSpokenToken = 200

/**
 * Spoken audio for one piece of a transcript: real PCM16 samples (a soft tone whose pitch follows
 * the piece, so different replies sound different), `msPerSpokenToken` long, as base64.
 */
export function speak(piece: string, index: number): string {
  const samples = (sampleRate * msPerSpokenToken) / 1000
  const bytes = new Uint8Array(samples * 2)
  const view = new DataView(bytes.buffer)
  const pitch = 180 + ((piece.charCodeAt(0) || 0) % 40) * 5 + (index % 3) * 10
  for (let i = 0; i < samples; i++) {
    // Faded in and out, so pieces join without clicks.
    const envelope = Math.min(1, i / 240, (samples - i) / 240)
    view.setInt16(i * 2, Math.round(Math.sin((2 * Math.PI * pitch * i) / sampleRate) * 6000 * envelope), true)
  }
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Audio tokens as OpenAI's Realtime models count them: input at 10 a second, output at 20. */
export const audioTokens = {
  input: (ms: number) => Math.ceil(ms / 100),
  output: (ms: number) => Math.ceil(ms / 50),
}
