import { memo } from '../cache/memo.ts'
import { seededRandom, stableHash } from './stable-hash.ts'

// Words that say little about what a text is about: they still count, at a fifth of a word, so a
// query made only of them is not empty.
const stopWords = new Set(
  (
    'a an and are as at be but by can do does for from had has have how i if in into is it its me my no not of on or our so ' +
    'that the their them then there these they this to was we were what when where which who why will with you your'
  ).split(' '),
)
const stopWordWeight = 0.2
// Each word also spreads over its character trigrams, so `weather` is near `weathers` and `Paris` near `Parisian`.
const trigramWeight = 0.35
// The share of every vector that is the text's own hash: enough that two different texts never
// get the same vector (same words in another order, different punctuation), too little to change a ranking.
const ownShare = 0.05
// The vector is built in nested prefixes (8, 32, 128, … dimensions) that each hold every feature,
// so a shortened vector (the first `dimensions` values, renormalised) still ranks sensibly.
const firstLevel = 8
const levelGrowth = 4

type Features = Map<string, number>

const remembered = memo<Float64Array>(256)

/**
 * A deterministic, L2-normalised embedding of `text` with `dimensions` values, for the model
 * `seed`: a hashed bag of words (each lower-cased word, and its character trigrams, added with a
 * sign at a place chosen by a stable hash), plus a small component hashed from the whole text so
 * that different texts never collide. Texts that share words are closer (cosine) than texts that
 * share none. `fullDimensions` is the model's own size; a shorter vector is the full one's first
 * `dimensions` values, renormalised, as OpenAI shortens `text-embedding-3` vectors. An empty text
 * is the first unit vector. Values are float32s, so the float and base64 forms agree.
 */
export function embedText(text: string, dimensions: number, fullDimensions: number, seed: string): number[] {
  const full = remembered(`${seed}\n${fullDimensions}\n${text}`, () => compute(text, fullDimensions, seed))
  const vector = full.slice(0, dimensions)
  normalise(vector)
  return Array.from(vector, (value) => Math.fround(value))
}

function compute(text: string, dimensions: number, seed: string): Float64Array {
  const vector = new Float64Array(dimensions)
  if (text === '') {
    vector[0] = 1
    return vector
  }
  const levels = levelsOf(dimensions)
  const featureSeed = Number.parseInt(stableHash(seed).slice(-8), 16)
  for (const [feature, weight] of featuresOf(text)) {
    const hash = stableHash(feature, featureSeed)
    levels.forEach((size, level) => {
      // Each level takes its own bits of the feature's hash: one place and one sign per level.
      const bits = Number.parseInt(stableHash(hash, level + 1).slice(-8), 16)
      vector[bits % size]! += bits & 0x80000000 ? -weight : weight
    })
  }
  normalise(vector)

  const own = new Float64Array(dimensions)
  const random = seededRandom(stableHash(`${seed}\n${text}`))
  for (let i = 0; i < dimensions; i++) own[i] = random() * 2 - 1
  normalise(own)
  // A text with no words at all (only punctuation, say) is its own hash alone.
  const share = norm(vector) === 0 ? 1 : ownShare
  for (let i = 0; i < dimensions; i++) vector[i] = vector[i]! + share * own[i]!
  normalise(vector)
  return vector
}

/** The lower-cased words and their trigrams, with weights: stop words and trigrams count less. */
function featuresOf(text: string): Features {
  const features: Features = new Map()
  const add = (feature: string, weight: number) => features.set(feature, (features.get(feature) ?? 0) + weight)
  for (const word of text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    const weight = stopWords.has(word) ? stopWordWeight : 1
    add(`w:${word}`, weight)
    const padded = `^${word}$`
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, weight * trigramWeight)
  }
  return features
}

/** The nested sizes the features are placed in: 8, 32, 128, … and the model's full size. */
function levelsOf(fullDimensions: number): number[] {
  const levels: number[] = []
  for (let size = firstLevel; size < fullDimensions; size *= levelGrowth) levels.push(size)
  levels.push(fullDimensions)
  return levels
}

function norm(vector: Float64Array): number {
  let sum = 0
  for (const value of vector) sum += value * value
  return Math.sqrt(sum)
}

function normalise(vector: Float64Array): void {
  const length = norm(vector)
  if (length === 0) return
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / length
}
