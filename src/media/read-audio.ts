import { textFrameDescription } from './mp3-audio.ts'

/** What the gateway reads of an uploaded audio file. */
export interface AudioInfo {
  format: 'wav' | 'mp3'
  seconds: number
  /** The text the gateway's own speech put in it (a WAV comment, an MP3 text frame), if any. */
  text?: string
}

/** Why a file could not be read, in a few words for the client. */
export interface AudioProblem {
  problem: string
}

// The fewest bytes a second any WAV that holds sound stores (8 kHz, 4-bit ADPCM stores about 4 000).
const leastByteRate = 1000

/**
 * The duration (and any embedded text) of a WAV or MP3 file, or what is wrong with it. A file cut
 * short, or whose headers say more than it holds, is read as far as it goes or refused, never
 * read past its end.
 */
export function readAudio(bytes: Uint8Array): AudioInfo | AudioProblem {
  if (bytes.length === 0) return { problem: 'the file is empty' }
  try {
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return readWav(bytes)
    const mp3 = readMp3(bytes)
    if (mp3) return mp3
  } catch (error) {
    // A header this reader trusted too far: the file is broken, not the gateway.
    return { problem: `the file is damaged (${error instanceof Error ? error.message : String(error)})` }
  }
  return { problem: 'it is neither a WAV (RIFF/WAVE) nor an MP3 file' }
}

function readWav(bytes: Uint8Array): AudioInfo | AudioProblem {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let byteRate = 0
  let dataSize: number | undefined
  let text: string | undefined
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at, 4)
    const size = view.getUint32(at + 4, true)
    const body = at + 8
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) byteRate = view.getUint32(body + 8, true)
    if (id === 'data') dataSize = Math.min(size, bytes.length - body)
    if (id === 'LIST' && ascii(bytes, body, 4) === 'INFO')
      text = infoComment(bytes, view, body + 4, Math.min(body + size, bytes.length)) ?? text
    at = body + size + (size % 2)
  }
  if (byteRate < leastByteRate) return { problem: 'the WAV file has no usable fmt chunk' }
  if (dataSize === undefined) return { problem: 'the WAV file has no data chunk' }
  return { format: 'wav', seconds: dataSize / byteRate, ...(text !== undefined && { text }) }
}

function infoComment(bytes: Uint8Array, view: DataView, start: number, end: number): string | undefined {
  for (let at = start; at + 8 <= end;) {
    const size = view.getUint32(at + 4, true)
    if (ascii(bytes, at, 4) === 'ICMT')
      return new TextDecoder().decode(bytes.subarray(at + 8, Math.min(at + 8 + size, end))).replace(/\0+$/, '')
    at += 8 + size + (size % 2)
  }
  return undefined
}

// MPEG audio: bitrates (kbps) by version group and layer, and sample rates by version.
const bitrates = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
}
const sampleRates: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] }

/** An MP3's duration, summed frame by frame after any ID3v2 tag; `undefined` when it is no MP3 at all. */
function readMp3(bytes: Uint8Array): AudioInfo | AudioProblem | undefined {
  let at = 0
  let text: string | undefined
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    const size = synchsafe(bytes, 6)
    text = id3Text(bytes, 10, Math.min(10 + size, bytes.length), bytes[3]!)
    at = 10 + size
  }
  let seconds = 0
  let frames = 0
  // A frame cut off by the end of the file is not counted: a file cut short lasts as long as its whole frames.
  while (at + 4 <= bytes.length) {
    const frame = frameAt(bytes, at)
    if (!frame || at + frame.length > bytes.length) break
    seconds += frame.samples / frame.rate
    frames += 1
    at += frame.length
  }
  if (frames > 0) return { format: 'mp3', seconds, ...(text !== undefined && { text }) }
  if (text !== undefined || at > 0) return { problem: 'the MP3 file holds no whole MPEG audio frame' }
  return undefined
}

function frameAt(bytes: Uint8Array, at: number): { length: number; samples: number; rate: number } | undefined {
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!]
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined
  const version = (b1 >> 3) & 3 // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = 4 - ((b1 >> 1) & 3) // 1, 2 or 3
  const bitrateIndex = b2 >> 4
  const rateIndex = (b2 >> 2) & 3
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined
  const bitrate = (version === 3 ? bitrates.v1 : bitrates.v2)[layer - 1]![bitrateIndex]! * 1000
  const rate = sampleRates[version]![rateIndex]!
  const padding = (b2 >> 1) & 1
  if (layer === 1) return { length: (Math.floor((12 * bitrate) / rate) + padding) * 4, samples: 384, rate }
  const samples = layer === 3 && version !== 3 ? 576 : 1152
  return { length: Math.floor(((samples / 8) * bitrate) / rate) + padding, samples, rate }
}

function id3Text(bytes: Uint8Array, start: number, end: number, major: number): string | undefined {
  for (let at = start; at + 10 <= end;) {
    const id = ascii(bytes, at, 4)
    if (id === '\0\0\0\0') break
    const size = major >= 4 ? synchsafe(bytes, at + 4) : new DataView(bytes.buffer, bytes.byteOffset).getUint32(at + 4)
    const body = bytes.subarray(at + 10, Math.min(at + 10 + size, end))
    if (id === 'TXXX' && body[0] === 3) {
      const text = new TextDecoder().decode(body.subarray(1))
      const [description, value] = text.split('\0')
      if (description === textFrameDescription && value !== undefined) return value
    }
    at += 10 + size
  }
  return undefined
}

function synchsafe(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! & 0x7f) << 21) | ((bytes[at + 1]! & 0x7f) << 14) | ((bytes[at + 2]! & 0x7f) << 7) | (bytes[at + 3]! & 0x7f)
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length))
}
