import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type RequestLogEntry } from '../../../src/index.ts'
import { startServer, type RunningServer } from '../../../src/node/index.ts'
import { answerOrder } from '../../support/answer-order.ts'
import { eitherMode, modes, useHarness, type Mode } from '../../support/modes.ts'
import { tinyWav } from '../../support/sweep-routes.ts'
import { rejection } from '../../support/rejection.ts'

const sentence = 'The quick brown fox jumps over the lazy dog and runs far away into the woods'
const words = sentence.split(' ').length

/** A WAV's sample rate and duration, read from its header by hand. */
function readWavHeader(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF')
  expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE')
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('fmt ')
  expect(bytes.readUInt16LE(20)).toBe(1) // PCM
  const rate = bytes.readUInt32LE(24)
  const byteRate = bytes.readUInt32LE(28)
  expect(bytes.subarray(36, 40).toString('ascii')).toBe('data')
  return { rate, channels: bytes.readUInt16LE(22), bits: bytes.readUInt16LE(34), seconds: bytes.readUInt32LE(40) / byteRate }
}

/** The MPEG frames of an MP3 after its ID3 tag: how many, and their sample rate. */
function readMp3Frames(bytes: Buffer) {
  expect(bytes.subarray(0, 3).toString('ascii')).toBe('ID3')
  const tag = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
  expect(bytes[tag]).toBe(0xff)
  expect(bytes[tag + 1]! & 0xe0).toBe(0xe0)
  return { first: tag }
}

// The route's contract through the SDK in both modes; the new-api profile, whose difference is the
// status of two refusals, in one.
const routeCases: { mode: Mode; profile: 'spec' | 'new-api' }[] = [
  ...modes.map((mode) => ({ mode, profile: 'spec' as const })),
  ...eitherMode.map((mode) => ({ mode, profile: 'new-api' as const })),
]

describe.each(routeCases)('openai SDK audio ($mode.name)', ({ mode, profile }) => {
  describe(`${profile} profile`, () => {
    const log: RequestLogEntry[] = []
    const harness = useHarness(mode, { profile, onRequest: (entry) => log.push(entry) })
    const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const speak = async (response_format: 'wav' | 'mp3' | 'pcm', speed?: number) =>
      Buffer.from(
        await (
          await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: sentence, response_format, speed })
        ).arrayBuffer(),
      )

    it('speaks WAV: 24 kHz 16-bit mono, as long as the words take at 150 a minute', async () => {
      const header = readWavHeader(await speak('wav'))
      expect(header).toMatchObject({ rate: 24_000, channels: 1, bits: 16 })
      expect(header.seconds).toBeCloseTo((words * 60) / 150, 3)
    })

    it('speaks faster with speed, and pcm is the raw samples', async () => {
      const pcm = await speak('pcm', 2)
      expect(pcm.length / 2 / 24_000).toBeCloseTo((words * 60) / 150 / 2, 3)
      expect(pcm.some((byte) => byte !== 0)).toBe(true)
    })

    it('speaks MP3 by default: an ID3 tag, then MPEG frames', async () => {
      const response = await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: sentence })
      expect(response.headers.get('content-type')).toBe('audio/mpeg')
      readMp3Frames(Buffer.from(await response.arrayBuffer()))
    })

    it.each(['wav', 'mp3'] as const)('transcribes its own %s speech back to the text, in every response_format', async (format) => {
      const audio = await speak(format)
      const file = () => toFile(audio, `speech.${format}`)
      const json = await client().audio.transcriptions.create({ model: 'whisper-1', file: await file() })
      expect(json).toEqual({ text: sentence, usage: { type: 'duration', seconds: expect.any(Number) } })
      const text = await client().audio.transcriptions.create({ model: 'whisper-1', file: await file(), response_format: 'text' })
      expect(text).toBe(`${sentence}\n`)
      const srt = await client().audio.transcriptions.create({ model: 'whisper-1', file: await file(), response_format: 'srt' })
      expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nThe quick brown fox jumps over the lazy dog and runs far\n\n2\n/)
      const vtt = await client().audio.transcriptions.create({ model: 'whisper-1', file: await file(), response_format: 'vtt' })
      expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> ')).toBe(true)
      const verbose = await client().audio.transcriptions.create({
        model: 'whisper-1',
        file: await file(),
        response_format: 'verbose_json',
        timestamp_granularities: ['word', 'segment'],
      })
      expect(verbose).toMatchObject({ task: 'transcribe', language: 'english', text: sentence })
      expect(verbose.duration).toBeCloseTo((words * 60) / 150, 0)
      expect(verbose.segments!.map((segment) => segment.text.trim()).join(' ')).toBe(sentence)
      expect(verbose.segments!.at(-1)!.end).toBe(verbose.duration)
      expect(verbose.words!.map((word) => word.word).join(' ')).toBe(sentence)
    })

    it('translates to English text, and a file that is not audio is refused', async () => {
      const translation = await client().audio.translations.create({ model: 'whisper-1', file: await toFile(await speak('wav'), 'a.wav') })
      expect(translation.text).toBe(sentence)
      const error = await rejection(
        client().audio.transcriptions.create({ model: 'whisper-1', file: await toFile(Buffer.from('not audio'), 'a.wav') }),
      )
      expect(error).toMatchObject({ status: profile === 'spec' ? 400 : 500 })
    })

    it('bills speech by characters and transcription by the minute, as new-api does', async () => {
      await speak('wav')
      // tts-1: 7.5 units a character, its audio free (completion ratio 0).
      expect(log.at(-1)).toMatchObject({ path: '/v1/audio/speech', quota: sentence.length * 7.5 })
      await client().audio.transcriptions.create({ model: 'whisper-1', file: await toFile(await speak('wav'), 'a.wav') })
      const seconds = Math.ceil((words * 60) / 150)
      const tokens = Math.round((seconds / 60) * 1000)
      // whisper-1: 3 units a token.
      expect(log.at(-1)).toMatchObject({
        path: '/v1/audio/transcriptions',
        usage: { promptTokens: tokens, completionTokens: 0 },
        quota: tokens * 3,
      })
    })

    it('refuses stream: true, naming the field, rather than answer what the SDK reads as an empty stream', async () => {
      const file = await toFile(await speak('wav'), 'a.wav')
      const error = (await rejection(client().audio.transcriptions.create({ model: 'whisper-1', file, stream: true }))) as Error
      expect(error).toMatchObject({ status: profile === 'spec' ? 400 : 500 })
      expect(error.message).toContain('stream: the gateway sends transcripts whole')
    })

    it('refuses opus, a missing file and the wrong kind of model, naming the field', async () => {
      const opus = (await rejection(
        client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x', response_format: 'opus' }),
      )) as Error
      expect(opus.message).toContain('response_format: the gateway makes mp3, wav and pcm audio')
      const missing = (await rejection(client().audio.transcriptions.create({ model: 'whisper-1' } as never))) as Error
      expect(missing.message).toContain('file: Field required')
      expect(await rejection(client().audio.speech.create({ model: 'whisper-1', voice: 'alloy', input: 'x' }))).toMatchObject({
        status: 400,
      })
    })
  })
})

/** `bytes` with the 32-bit little-endian number at `at` set to `value`. */
function changed(bytes: Buffer, at: number, value: number): Buffer {
  bytes.writeUInt32LE(value, at)
  return bytes
}

describe.each(eitherMode)('broken and silent audio ($name)', (mode) => {
  const harness = useHarness(mode)
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const transcribe = async (bytes: Buffer, name: string) =>
    rejection(
      client().audio.transcriptions.create({ model: 'whisper-1', file: await toFile(bytes, name), response_format: 'verbose_json' }),
    )
  const mp3 = async () =>
    Buffer.from(await (await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'one two three four' })).arrayBuffer())

  it.each([
    ['cut off inside its fmt chunk', tinyWav(0).subarray(0, 30), 'the WAV file has no usable fmt chunk'],
    ['whose fmt chunk claims 4 GB', changed(tinyWav(10), 16, 0xffffffff), 'the WAV file has no data chunk'],
    ['that claims one byte a second', changed(tinyWav(4800), 28, 1), 'the WAV file has no usable fmt chunk'],
  ])('refuses a WAV %s with 400 audio_unreadable, saying why', async (_, bytes, why) => {
    const error = await transcribe(bytes, 'a.wav')
    expect(error).toMatchObject({ status: 400, code: 'invalid_request_error', param: 'file' })
    expect((error as Error).message).toContain(`(${why})`)
  })

  it('refuses an MP3 cut off before its first whole frame with 400, and reads one cut later as far as it goes', async () => {
    const whole = await mp3()
    const firstFrame = 10 + ((whole[6]! << 21) | (whole[7]! << 14) | (whole[8]! << 7) | whole[9]!)
    const error = await transcribe(whole.subarray(0, firstFrame + 100), 'a.mp3')
    expect(error).toMatchObject({ status: 400, param: 'file' })
    expect((error as Error).message).toContain('the MP3 file holds no whole MPEG audio frame')
    const cut = await client().audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(whole.subarray(0, whole.length - 50), 'a.mp3'),
      response_format: 'verbose_json',
    })
    expect(cut.text).toBe('one two three four')
    expect(cut.duration).toBeLessThan(1.6)
  })

  it('refuses audio shorter than a tenth of a second as OpenAI does', async () => {
    for (const bytes of [tinyWav(0), tinyWav(4000)]) {
      expect(await transcribe(bytes, 'a.wav')).toMatchObject({
        status: 400,
        code: 'audio_too_short',
        param: 'file',
        message: '400 Audio file is too short. Minimum audio length is 0.1 seconds.',
      })
    }
    const enough = await client().audio.transcriptions.create({ model: 'whisper-1', file: await toFile(tinyWav(4800), 'a.wav') })
    expect(enough.text).not.toBe('')
  })
})

describe('long speech', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(await createGateway(), { port: 0 })
  })
  afterAll(() => server.close())
  const client = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${server.url}/v1`, maxRetries: 0 })
  // 4 096 characters of short words, many different: the longest input OpenAI takes, at its slowest speed.
  const longest = Array.from({ length: 1000 }, (_, index) => `w${index.toString(36)}`)
    .join(' ')
    .padEnd(4096, ' x')
    .slice(0, 4096)

  it('leaves the server to other clients while it is made: a request sent meanwhile is answered first', async () => {
    // The encoder is loaded on the first speech: after that, a speech request goes straight to its work.
    await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'warm up' })
    // About 100 seconds of speech: a few hundred milliseconds of MP3 encoding, many slices of it.
    const order = await answerOrder(server, async () =>
      (await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: longest.slice(0, 1024) })).arrayBuffer(),
    )
    expect(order).toEqual(['status', 'slow'])
  })

  it('lasts ten minutes at most: a longer text is said faster to fit', async () => {
    const wav = Buffer.from(
      await (
        await client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: longest, speed: 0.25, response_format: 'wav' })
      ).arrayBuffer(),
    )
    expect(readWavHeader(wav).seconds).toBe(600)
    // The length is decided before a format is encoded (planSpeech): WAV, the cheapest to read back, shows it for all.
    const transcript = await client().audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(wav, 'long.wav'),
      response_format: 'verbose_json',
    })
    expect(transcript.text).toBe(longest)
    expect(transcript.duration).toBeCloseTo(600, 1)
  })

  it('refuses more than 4 096 characters, as OpenAI does', async () => {
    const error = await rejection(client().audio.speech.create({ model: 'tts-1', voice: 'alloy', input: `${longest}x` }))
    expect(error).toMatchObject({ status: 400, param: 'input' })
    expect((error as Error).message).toContain('String should have at most 4096 characters')
  })
})
