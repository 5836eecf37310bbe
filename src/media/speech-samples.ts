import { seededRandom, stableHash } from '../random/stable-hash.ts'

/** The rate of the audio the gateway speaks: OpenAI's `pcm` format, 24 kHz, 16-bit, mono. */
export const speechSampleRate = 24_000
/** Words a minute at `speed` 1, an unhurried reading pace. */
export const wordsPerMinute = 150
const shortest = 0.5

/** How long `text` takes to say at `speed`: its words at 150 a minute, divided by the speed; half a second at least. */
export function speechSeconds(text: string, speed: number): number {
  const words = text.split(/\s+/).filter((word) => word !== '').length
  return Math.max(shortest, (words * 60) / (wordsPerMinute * speed))
}

/**
 * Audio that follows `text`: one tone per word, its pitch taken from the word, with a short gap
 * between words, lasting {@link speechSeconds}. Not speech, but real sound of the right length
 * that any player plays and any decoder reads.
 */
export function speechSamples(text: string, speed: number): Int16Array {
  const seconds = speechSeconds(text, speed)
  const samples = new Int16Array(Math.round(seconds * speechSampleRate))
  const words = text.split(/\s+/).filter((word) => word !== '')
  const perWord = words.length === 0 ? samples.length : Math.floor(samples.length / words.length)
  const gap = Math.floor(perWord / 5)
  const fade = Math.min(240, Math.floor((perWord - gap) / 4))
  words.forEach((word, index) => {
    const random = seededRandom(stableHash(word.toLowerCase()))
    const frequency = 180 + Math.floor(random() * 420)
    const start = index * perWord
    const length = perWord - gap
    for (let i = 0; i < length; i++) {
      const envelope = Math.min(1, i / fade, (length - i) / fade)
      samples[start + i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / speechSampleRate) * envelope * 9000)
    }
  })
  return samples
}
