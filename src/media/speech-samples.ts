import { stableHash } from '../random/stable-hash.ts'
import { writeTone } from './tone.ts'

/** The rate of the audio the gateway speaks: OpenAI's `pcm` format, 24 kHz, 16-bit, mono. */
export const speechSampleRate = 24_000
/** Words a minute at `speed` 1, an unhurried reading pace. */
const wordsPerMinute = 150
/**
 * The longest audio one speech request gets, in seconds: a text that would take longer (a long
 * input at a slow `speed`) is said faster to fit, so what one request costs in time and memory
 * stays bounded.
 */
const longestSpeechSeconds = 600
const shortest = 0.5
const amplitude = 9000
// Two octaves of semitones from 180 Hz: words sound different, and a speech has at most this many
// distinct tones, each made once however many words share it.
const lowestPitch = 180
const pitches = 24

/** What the gateway says for a text: one tone a word (its pitch), and how long it all lasts. */
export interface Speech {
  pitches: number[]
  seconds: number
}

/**
 * The speech for `text` at `speed`: its words at 150 a minute, divided by the speed; half a
 * second at least, {@link longestSpeechSeconds} at most.
 */
export function planSpeech(text: string, speed: number): Speech {
  const words = text.split(/\s+/).filter((word) => word !== '')
  const seconds = Math.min(longestSpeechSeconds, Math.max(shortest, (words.length * 60) / (wordsPerMinute * speed)))
  return { pitches: words.map(pitchOf), seconds }
}

/** The pitch a word (or a piece of a reply) is said at, taken from its letters. */
export function pitchOf(word: string): number {
  const semitone = Number.parseInt(stableHash(word.trim().toLowerCase()).slice(-6), 16) % pitches
  return lowestPitch * 2 ** (semitone / 12)
}

/** One word's part of a speech: `length` samples of its tone, then a fifth of silence; all silence without a pitch. */
export function wordSlot(pitch: number | undefined, length: number): Int16Array {
  const slot = new Int16Array(length)
  const sounded = length - Math.floor(length / 5)
  if (pitch !== undefined)
    writeTone(slot, 0, sounded, { frequency: pitch, amplitude, fade: Math.min(240, Math.floor(sounded / 4)) }, speechSampleRate)
  return slot
}

/** The words' slots over `total` units (samples, frames): each its share, the shares differing by one unit at most. */
export function* speechSlots(speech: Speech, total: number): Generator<{ pitch: number | undefined; start: number; length: number }> {
  const count = Math.max(1, speech.pitches.length)
  for (let index = 0; index < count; index++) {
    const start = Math.floor((index * total) / count)
    yield { pitch: speech.pitches[index], start, length: Math.floor(((index + 1) * total) / count) - start }
  }
}

/**
 * The speech's 16-bit samples at {@link speechSampleRate}: one tone a word with a short gap
 * between words. Not speech, but real sound of the right length that any player plays and any
 * decoder reads. Each distinct slot is made once and copied.
 */
export function speechSamples(speech: Speech): Int16Array {
  const samples = new Int16Array(Math.round(speech.seconds * speechSampleRate))
  const made = new Map<string, Int16Array>()
  for (const { pitch, start, length } of speechSlots(speech, samples.length)) {
    const key = `${pitch}/${length}`
    let slot = made.get(key)
    if (!slot) made.set(key, (slot = wordSlot(pitch, length)))
    samples.set(slot, start)
  }
  return samples
}

/** A piece of a reply said at `pitch` for `ms`, faded at both ends so that pieces join (the Realtime API's audio deltas). */
export function spokenPiece(pitch: number, ms: number): Int16Array {
  const samples = new Int16Array(Math.round((speechSampleRate * ms) / 1000))
  writeTone(samples, 0, samples.length, { frequency: pitch, amplitude, fade: 240 }, speechSampleRate)
  return samples
}
