import { concat } from './concat-bytes.ts'

/** The text frame the gateway's own MP3s carry their text in (ID3v2.4 `TXXX`, this description). */
export const textFrameDescription = 'llm-gateway-mock text'
const kbps = 48
const block = 1152

/**
 * An MP3 file of 16-bit mono `samples`, with `text` in an ID3v2.4 tag ahead of it, where the
 * gateway's transcription finds it again. Encoded by lamejs (a maintained fork), loaded on first
 * use: an MP3 encoder is no small thing to write, and most runs never speak.
 */
export async function encodeMp3(samples: Int16Array, sampleRate: number, text?: string): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs')
  const encoder = new Mp3Encoder(1, sampleRate, kbps)
  const frames: Uint8Array[] = []
  for (let at = 0; at < samples.length; at += block) frames.push(encoder.encodeBuffer(samples.subarray(at, at + block)))
  frames.push(encoder.flush())
  return concat([...(text === undefined ? [] : [id3Tag(text)]), ...frames.map((frame) => new Uint8Array(frame))])
}

/** An ID3v2.4 tag holding one `TXXX` frame: UTF-8, the description, then the text. */
function id3Tag(text: string): Uint8Array {
  const encoder = new TextEncoder()
  const content = concat([new Uint8Array([3]), encoder.encode(textFrameDescription), new Uint8Array([0]), encoder.encode(text)])
  const frame = concat([encoder.encode('TXXX'), synchsafe(content.length), new Uint8Array([0, 0]), content])
  return concat([encoder.encode('ID3'), new Uint8Array([4, 0, 0]), synchsafe(frame.length), frame])
}

function synchsafe(value: number): Uint8Array {
  return new Uint8Array([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f])
}
