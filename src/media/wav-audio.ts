import { concat } from './concat-bytes.ts'

const encoder = new TextEncoder()

/**
 * A WAV file of 16-bit mono `samples`, with `text` in a LIST/INFO comment (`ICMT`), where the
 * gateway's transcription finds it again.
 */
export function encodeWav(samples: Int16Array, sampleRate: number, text?: string): Uint8Array {
  const data = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  const parts = [riffChunk('fmt ', formatChunk(sampleRate)), riffChunk('data', data)]
  if (text !== undefined) parts.push(riffChunk('LIST', concat([ascii('INFO'), riffChunk('ICMT', encoder.encode(`${text}\0`))])))
  const body = concat([ascii('WAVE'), ...parts])
  return riffChunk('RIFF', body)
}

function formatChunk(sampleRate: number): Uint8Array {
  const format = new DataView(new ArrayBuffer(16))
  format.setUint16(0, 1, true) // PCM
  format.setUint16(2, 1, true) // mono
  format.setUint32(4, sampleRate, true)
  format.setUint32(8, sampleRate * 2, true) // bytes a second
  format.setUint16(12, 2, true) // bytes a sample frame
  format.setUint16(14, 16, true) // bits a sample
  return new Uint8Array(format.buffer)
}

function riffChunk(id: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length % 2))
  out.set(ascii(id))
  new DataView(out.buffer).setUint32(4, data.length, true)
  out.set(data, 8)
  return out
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}
