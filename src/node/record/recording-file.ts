import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { formatRecording } from '../../recording/format-recording.ts'
import type { RecordedExchange, Recording } from '../../recording/recording-schema.ts'

/** Where editors find the format, from a recordings directory in a project that installed the package. */
const schemaReference = './node_modules/llm-gateway-mock/schemas/recording.schema.json'

/**
 * One record session's file, rewritten whole after each exchange: a temporary file, then a
 * rename, so the file is always a complete recording, even after a crash mid-session. Readable by
 * its owner only (0600), in a directory made for the owner only (0700) when it is made here.
 */
export class RecordingFile {
  readonly path: string
  readonly #directory: string
  readonly #recording: Recording
  #writing: Promise<void> = Promise.resolve()
  #failure: Error | undefined

  constructor(directory: string, header: { upstream: string; recordedAt: Date }) {
    this.#directory = directory
    this.path = join(directory, freeName(directory, header.recordedAt))
    this.#recording = {
      $schema: schemaReference,
      version: 1,
      upstream: header.upstream,
      recordedAt: header.recordedAt.toISOString(),
      exchanges: [],
    }
  }

  /** How many exchanges it holds. */
  get size(): number {
    return this.#recording.exchanges.length
  }

  /** The first write that failed, if one did (the directory cannot be made, the disk is full). */
  get failure(): Error | undefined {
    return this.#failure
  }

  /** Adds an exchange in the order of its id (the order the requests came) and writes the file again; resolves once written or failed. */
  add(exchange: RecordedExchange): Promise<void> {
    const { exchanges } = this.#recording
    const at = exchanges.findIndex((other) => other.id > exchange.id)
    exchanges.splice(at === -1 ? exchanges.length : at, 0, exchange)
    this.#writing = this.#writing.then(() => this.#write())
    return this.#writing
  }

  /** Resolves once every write has happened; rejects with the first that failed. */
  async flushed(): Promise<void> {
    await this.#writing
    if (this.#failure) throw this.#failure
  }

  async #write(): Promise<void> {
    try {
      await mkdir(this.#directory, { recursive: true, mode: 0o700 })
      const temporary = join(this.#directory, `.${process.pid}.recording.tmp`)
      await writeFile(temporary, formatRecording(this.#recording), { mode: 0o600 })
      await rename(temporary, this.path)
    } catch (error) {
      this.#failure ??= error as Error
    }
  }
}

/** `2026-05-01T10-22-33.json`, or with `-2`, `-3`… when a file of that name exists. */
function freeName(directory: string, at: Date): string {
  const stem = at.toISOString().slice(0, 19).replaceAll(':', '-')
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.json` : `${stem}-${n}.json`
    if (!existsSync(join(directory, name))) return name
  }
}
