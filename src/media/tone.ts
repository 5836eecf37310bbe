/** How a tone sounds: its pitch, its loudness (of 32 767) and how many samples it fades in and out over. */
export interface ToneShape {
  frequency: number
  amplitude: number
  /** Fading in and out, tones follow each other without clicks. */
  fade: number
}

/** A sine tone of `length` 16-bit samples at `sampleRate`, written into `into` from `at`. */
export function writeTone(into: Int16Array, at: number, length: number, shape: ToneShape, sampleRate: number): void {
  const step = (2 * Math.PI * shape.frequency) / sampleRate
  const fade = Math.max(1, shape.fade)
  for (let i = 0; i < length; i++) {
    const envelope = Math.min(1, i / fade, (length - i) / fade)
    into[at + i] = Math.round(Math.sin(step * i) * envelope * shape.amplitude)
  }
}
