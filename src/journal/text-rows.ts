const encoder = new TextEncoder()
// A body may begin with a byte order mark: it is text the request carried, not a mark to drop.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
const empty = new Uint8Array(0)

/** Rows whose last record needed more than this keep no buffer for the next one: a huge body is not held by its row for good. */
const largeRow = 64 * 1024

/**
 * Texts kept by row as UTF-8, in a buffer of the row's own that the next record in the row
 * reuses: once the rows have their buffers, keeping a text allocates nothing that the garbage
 * collector's young generation has to copy (docs/performance.md, "Memory under load"). A row's
 * texts are appended one after the other; each is read back by its byte offsets.
 *
 * Only well-formed text goes in (`isWellFormed`): UTF-8 has no lone surrogates to give back.
 */
export class TextRows {
  #bytes: Uint8Array[] = []
  #used: number[] = []

  /** Starts the row afresh for a new record. */
  start(row: number): void {
    if ((this.#bytes[row]?.byteLength ?? 0) > largeRow) this.#bytes[row] = empty
    this.#used[row] = 0
  }

  /** Appends `text` to the row; answers the byte offset where it ends. */
  append(row: number, text: string): number {
    let bytes = this.#bytes[row] ?? empty
    let at = this.#used[row] ?? 0
    let rest = text
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, bytes.subarray(at))
      at += written
      if (read === rest.length) break
      rest = rest.slice(read)
      // At most three bytes a UTF-16 unit; buffers double, so a row grows a few times at most.
      const larger = new Uint8Array(Math.max(256, 2 ** Math.ceil(Math.log2(at + 3 * rest.length))))
      larger.set(bytes.subarray(0, at))
      this.#bytes[row] = bytes = larger
    }
    this.#used[row] = at
    return at
  }

  /** The text the row holds between two byte offsets. */
  read(row: number, from: number, to: number): string {
    return from === to ? '' : decoder.decode((this.#bytes[row] ?? empty).subarray(from, to))
  }

  clear(): void {
    this.#bytes = []
    this.#used = []
  }
}

/** Whether `text` has no lone surrogate, so that UTF-8 gives it back as it was. */
export function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024: Node 20, current browsers); the pattern where it is missing.
  const own = (text as { isWellFormed?: () => boolean }).isWellFormed
  return own ? own.call(text) : !/\p{Cs}/u.test(text)
}
