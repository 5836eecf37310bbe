import { yieldToEventLoop } from '../time/yield-to-event-loop.ts'
import { concat } from '../bytes/concat-bytes.ts'
import { speechSampleRate, speechSlots, wordSlot, type Speech } from './speech-samples.ts'

/** The text frame the gateway's own MP3s carry their text in (ID3v2.4 `TXXX`, this description). */
export const textFrameDescription = 'llm-gateway-mock text'
const kbps = 48
// At 24 kHz an MP3 is MPEG-2 layer III: 576 samples a frame.
const frameSamples = 576
// lamejs writes two frames more than the samples it is given fill: its encoder delay and the flush's padding.
const addedFrames = 2

/**
 * The speech as an MP3 file, with `text` in an ID3v2.4 tag ahead of it, where the gateway's
 * transcription finds it again. Each word's slot is a whole number of frames, and each distinct
 * slot (a pitch and a length: a few dozen at most) is encoded once, by an encoder of its own, and
 * its frames repeated wherever the slot recurs: MP3 frames that follow a finished encoding stand
 * alone, so the file is any player's, and encoding costs the same for a long text as for a short
 * one. The event loop gets a turn after each encoding. Encoded by lamejs (a maintained fork),
 * loaded on first use: an MP3 encoder is no small thing to write, and most runs never speak.
 */
export async function encodeSpeechMp3(speech: Speech, text: string): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs')
  const encoded = new Map<string, Uint8Array>()
  const parts = [id3Tag(text)]
  const frames = Math.max(1, Math.round((speech.seconds * speechSampleRate) / frameSamples))
  for (const { pitch, length } of speechSlots(speech, frames)) {
    const key = `${pitch}/${length}`
    let slot = encoded.get(key)
    if (!slot) {
      const encoder = new Mp3Encoder(1, speechSampleRate, kbps)
      const samples = wordSlot(pitch, Math.max(1, length - addedFrames) * frameSamples)
      encoded.set(key, (slot = concat([encoder.encodeBuffer(samples), encoder.flush()].map((part) => new Uint8Array(part)))))
      await yieldToEventLoop()
    }
    parts.push(slot)
  }
  return concat(parts)
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
