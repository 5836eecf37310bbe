const encoder = new TextEncoder()

/**
 * A WAV file of 16-bit mono `samples`, with `text` in a LIST/INFO comment (`ICMT`), where the
 * gateway's transcription finds it again. Written into one buffer: speech can run to megabytes,
 * and each copy of it would cost as much again.
 */
export function encodeWav(samples: Int16Array, sampleRate: number, text?: string): Uint8Array {
  const comment = text === undefined ? undefined : encoder.encode(`${text}\0`)
  const data = samples.byteLength
  const list = comment === undefined ? 0 : 8 + 4 + 8 + padded(comment.length)
  const size = 12 + (8 + 16) + (8 + padded(data)) + list
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  let at = 0
  const chunk = (id: string, length: number) => {
    ascii(out, at, id)
    view.setUint32(at + 4, length, true)
    at += 8
  }
  chunk('RIFF', size - 8)
  ascii(out, at, 'WAVE')
  at += 4
  chunk('fmt ', 16)
  view.setUint16(at, 1, true) // PCM
  view.setUint16(at + 2, 1, true) // mono
  view.setUint32(at + 4, sampleRate, true)
  view.setUint32(at + 8, sampleRate * 2, true) // bytes a second
  view.setUint16(at + 12, 2, true) // bytes a sample frame
  view.setUint16(at + 14, 16, true) // bits a sample
  at += 16
  chunk('data', data)
  out.set(new Uint8Array(samples.buffer, samples.byteOffset, data), at)
  at += padded(data)
  if (comment !== undefined) {
    chunk('LIST', 4 + 8 + padded(comment.length))
    ascii(out, at, 'INFO')
    at += 4
    chunk('ICMT', comment.length)
    out.set(comment, at)
  }
  return out
}

/** A chunk's length as stored: RIFF pads odd lengths to even. */
function padded(length: number): number {
  return length + (length % 2)
}

function ascii(out: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i)
}
