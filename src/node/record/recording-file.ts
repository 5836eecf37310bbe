import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { formatExchange, recordingText, type RecordingHead } from '../../recording/format-recording.ts'
import type { RecordedExchange } from '../../recording/recording-schema.ts'
import { makeDirectory } from '../files/make-directory.ts'
import { schemaReference } from '../files/schema-reference.ts'
import { writePrivateFile } from '../files/write-private-file.ts'

/** A session file that cannot be made where it was asked for: `record` says so at start, as a usage error. */
export class RecordingDirectoryError extends Error {
  constructor(directory: string, cause: unknown) {
    super(`cannot write recordings into ${directory}: ${(cause as Error).message}`, { cause })
    this.name = 'RecordingDirectoryError'
  }
}

/**
 * One record session's file. Its name is claimed when the session starts (made with `wx`, so two
 * recorders in one directory never share one), and it holds a complete recording at every
 * moment: each write goes to a temporary file of its own, then is renamed over it. Readable by its
 * owner only (0600), in a directory made for the owner only (0700) when it is made here.
 *
 * Writing the whole file after every exchange would cost a long session more with each exchange,
 * and its work would hold up the answers still being relayed. So each exchange is formatted once,
 * when it is added, and the file is the join of those texts; at most one write is under way and at
 * most one waits, taking whatever was added meanwhile; and while exchanges keep coming, the next
 * write waits as long as the last one took. A write that fails is tried again with the next one.
 */
export class RecordingFile {
  readonly path: string
  readonly #head: RecordingHead
  readonly #exchanges: { id: number; text: string }[] = []
  #written = 0
  #failure: Error | undefined
  #waiting: ((failure: Error | undefined) => void)[] = []
  #writing: Promise<void> | undefined
  #lastWriteMs = 0

  private constructor(path: string, head: RecordingHead) {
    this.path = path
    this.#head = head
  }

  /**
   * Makes the directory (owner-only) if it is missing and claims the session's file there
   * (`2026-05-01T10-22-33.json`, or `-2`, `-3`… when that name is taken), written as an empty
   * recording. Throws a `RecordingDirectoryError` when neither can be done.
   */
  static async open(directory: string, header: { upstream: string; recordedAt: Date }): Promise<RecordingFile> {
    const head: RecordingHead = {
      $schema: schemaReference('recording.schema.json', directory),
      version: 1,
      upstream: header.upstream,
      recordedAt: header.recordedAt.toISOString(),
    }
    const empty = recordingText(head, []).join('')
    const stem = header.recordedAt.toISOString().slice(0, 19).replaceAll(':', '-')
    try {
      await makeDirectory(directory, 0o700)
      for (let n = 1; ; n++) {
        const path = join(directory, n === 1 ? `${stem}.json` : `${stem}-${n}.json`)
        try {
          const handle = await open(path, 'wx', 0o600)
          try {
            await handle.writeFile(empty)
          } finally {
            await handle.close()
          }
          return new RecordingFile(path, head)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        }
      }
    } catch (error) {
      throw new RecordingDirectoryError(directory, error)
    }
  }

  /** How many exchanges the file holds: those the last successful write had. */
  get recorded(): number {
    return this.#written
  }

  /** Why the last write failed, while no later one has succeeded (the directory was removed, the disk is full). */
  get failure(): Error | undefined {
    return this.#failure
  }

  /**
   * Adds an exchange, in the order of its id (the order the requests came), and has the file
   * written; resolves once a write that holds it has been tried, with why it failed, if it did.
   */
  add(exchange: RecordedExchange): Promise<Error | undefined> {
    const at = this.#exchanges.findIndex((other) => other.id > exchange.id)
    this.#exchanges.splice(at === -1 ? this.#exchanges.length : at, 0, { id: exchange.id, text: formatExchange(exchange) })
    const tried = new Promise<Error | undefined>((resolve) => this.#waiting.push(resolve))
    this.#writing ??= this.#writeWhileWaited()
    return tried
  }

  /**
   * Waits for the writes under way, then writes once more if the file lacks an exchange (the last
   * write failed), without waiting between. A file that holds no exchange is removed. Rejects when
   * the file could not be written with every exchange.
   */
  async close(): Promise<void> {
    while (this.#writing) await this.#writing
    if (this.#written < this.#exchanges.length) {
      this.#lastWriteMs = 0
      const tried = new Promise<Error | undefined>((resolve) => this.#waiting.push(resolve))
      await (this.#writing = this.#writeWhileWaited())
      await tried
    }
    if (this.#failure) throw this.#failure
    if (this.#exchanges.length === 0) await rm(this.path, { force: true })
  }

  async #writeWhileWaited(): Promise<void> {
    while (this.#waiting.length > 0) {
      // While exchanges keep coming, the disk is busy at most half the time.
      if (this.#lastWriteMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#lastWriteMs))
      const waiting = this.#waiting
      this.#waiting = []
      const started = performance.now()
      const failure = await this.#write()
      this.#lastWriteMs = performance.now() - started
      for (const resolve of waiting) resolve(failure)
    }
    this.#writing = undefined
  }

  async #write(): Promise<Error | undefined> {
    const count = this.#exchanges.length
    const parts = recordingText(
      this.#head,
      this.#exchanges.map((exchange) => exchange.text),
    )
    try {
      await writePrivateFile(this.path, parts)
      this.#written = count
      this.#failure = undefined
      return undefined
    } catch (error) {
      this.#failure = error as Error
      return this.#failure
    }
  }
}
