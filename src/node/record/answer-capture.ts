import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { RecordedBinary, RecordedFrame } from '../../recording/recording-schema.ts'
import { SseSplitter } from '../../recording/sse-frames.ts'

/** An answer larger than this (as sent, or once decompressed) is relayed but not recorded: a recording is for reading. */
export const maxRecordedBytes = 64 * 2 ** 20
/** The largest binary answer (audio, an image) whose bytes a recording keeps; a larger one keeps its size and hash. */
export const maxKeptBinaryBytes = 2 ** 20

/** What of an answer the recording keeps. */
export interface CapturedAnswer {
  /** The body's text, for an answer that is text and not a stream. */
  body?: string
  /** An answer that is not text (audio, an image): its type, size and hash, and its bytes when small. */
  binary?: RecordedBinary
  /** A stream's events, each with when it arrived. */
  frames?: RecordedFrame[]
  /** The answer was larger than a recording keeps. */
  tooLarge?: boolean
}

const decompressors: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

/**
 * Reads what the recording keeps of an answer as its chunks arrive: a stream's events, each with
 * the time its chunk arrived, or the body. An upstream that compresses though asked not to has
 * its answer decompressed as it comes (a stream's events keep the time their compressed chunk
 * arrived). A body is text when its type says so or, without one, when it is valid UTF-8;
 * anything else is kept as bytes.
 */
export class AnswerCapture {
  readonly #started: number
  readonly #contentType: string | undefined
  #splitter: SseSplitter | undefined
  #decoder = new TextDecoder()
  readonly #frames: RecordedFrame[] = []
  readonly #chunks: Buffer[] = []
  readonly #decompressor: Transform | undefined
  /** The arrival time of each compressed chunk not yet decompressed, oldest first. */
  readonly #arrivals: number[] = []
  #decompressed: Promise<void> = Promise.resolve()
  #raw: Buffer[] | undefined
  #rawBytes = 0
  #bytes = 0
  tooLarge = false

  constructor(res: IncomingMessage, started: number) {
    this.#started = started
    this.#contentType = res.headers['content-type']
    const encoding = res.headers['content-encoding']?.toLowerCase().trim()
    const stream = this.#contentType?.toLowerCase().startsWith('text/event-stream') === true
    this.#splitter = stream ? new SseSplitter() : undefined
    const decompressor = encoding === undefined ? undefined : decompressors[encoding]
    if (decompressor) {
      this.#decompressor = decompressor()
      // Kept in case it was not what it said it was: then the answer is what came.
      this.#raw = []
      this.#decompressor.on('data', (chunk: Buffer) => this.#take(chunk, this.#arrivals[0] ?? this.#now()))
      this.#decompressed = new Promise((resolve) => {
        this.#decompressor!.once('end', resolve)
        // Later writes to a failed decompressor fail too: only the first failure counts.
        this.#decompressor!.on('error', () => undefined)
        this.#decompressor!.once('error', () => {
          const raw = this.#raw ?? []
          this.#raw = undefined
          this.#chunks.length = 0
          this.#frames.length = 0
          this.#bytes = 0
          this.#splitter &&= new SseSplitter()
          this.#decoder = new TextDecoder()
          for (const chunk of raw) this.#take(chunk, this.#now())
          resolve()
        })
      })
    }
  }

  /** A chunk as it arrived from the upstream. */
  add(chunk: Buffer): void {
    if (this.tooLarge) return
    this.#rawBytes += chunk.length
    if (this.#rawBytes > maxRecordedBytes) return this.#overflow()
    if (!this.#decompressor) return this.#take(chunk, this.#now())
    if (this.#raw === undefined) return this.#take(chunk, this.#now())
    this.#raw.push(chunk)
    this.#arrivals.push(this.#now())
    this.#decompressor.write(chunk, () => this.#arrivals.shift())
  }

  /** What was captured, once the upstream has ended its answer (however it ended). */
  async result(): Promise<CapturedAnswer> {
    if (this.#decompressor && this.#raw !== undefined && !this.tooLarge) {
      this.#decompressor.end()
      await this.#decompressed
    }
    if (this.tooLarge) return { tooLarge: true }
    if (this.#splitter) {
      const atMs = this.#now()
      const rest = this.#splitter.push(this.#decoder.decode())
      const last = this.#splitter.end()
      for (const data of [...rest, ...(last === undefined ? [] : [last])]) this.#frames.push({ atMs, data })
      return { frames: this.#frames }
    }
    const bytes = Buffer.concat(this.#chunks)
    const text = textOf(bytes, this.#contentType)
    return text === undefined ? { binary: binaryOf(bytes, this.#contentType) } : { body: text }
  }

  #take(chunk: Buffer, atMs: number): void {
    if (this.tooLarge) return
    this.#bytes += chunk.length
    if (this.#bytes > maxRecordedBytes) return this.#overflow()
    if (!this.#splitter) {
      this.#chunks.push(chunk)
      return
    }
    for (const data of this.#splitter.push(this.#decoder.decode(chunk, { stream: true }))) this.#frames.push({ atMs, data })
  }

  #overflow(): void {
    this.tooLarge = true
    this.#chunks.length = 0
    this.#frames.length = 0
    this.#raw = undefined
    this.#decompressor?.destroy()
  }

  #now(): number {
    return performance.now() - this.#started
  }
}

const textTypes = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml)\b|application\/(?:x-ndjson|javascript|x-www-form-urlencoded))/i

/** The body as text, when it is text: its type says so (and it decodes), or it has no type and is valid UTF-8. */
function textOf(bytes: Buffer, contentType: string | undefined): string | undefined {
  if (contentType !== undefined && contentType.trim() !== '' && !textTypes.test(contentType.trim())) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function binaryOf(bytes: Buffer, contentType: string | undefined): RecordedBinary {
  return {
    contentType: contentType ?? 'application/octet-stream',
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(bytes.length <= maxKeptBinaryBytes && { base64: bytes.toString('base64') }),
  }
}
