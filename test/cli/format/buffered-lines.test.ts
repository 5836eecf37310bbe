import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bufferStdoutLines } from '../../../src/cli/format/buffered-lines.ts'

// The request log's batches: the same lines, in order, whatever they are made of, and nothing
// written before a batch is due.
describe('bufferStdoutLines', () => {
  let written: string[]
  beforeEach(() => {
    written = []
    vi.useFakeTimers()
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return true
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('writes the lines queued within the delay as one batch', () => {
    const lines = bufferStdoutLines({ maxDelayMs: 25 })
    lines.write('first')
    lines.write('second: Déjà vu — ✓ 雨 🌧')
    expect(written).toEqual([])
    vi.advanceTimersByTime(25)
    expect(written).toEqual(['first\nsecond: Déjà vu — ✓ 雨 🌧\n'])
    lines.write('third')
    lines.flush()
    expect(written).toEqual(['first\nsecond: Déjà vu — ✓ 雨 🌧\n', 'third\n'])
  })

  it('writes at once rather than queue more than maxBytes, and a longer line on its own', () => {
    const lines = bufferStdoutLines({ maxBytes: 64 })
    const queued = Array.from({ length: 20 }, (_, n) => `line ${String(n).padStart(2, '0')}…`)
    for (const line of queued) lines.write(line)
    // Written as they came, before the delay, none over 64 bytes.
    expect(written.length).toBeGreaterThan(2)
    for (const batch of written) expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(64)
    const long = 'é'.repeat(40)
    lines.write(long)
    expect(written.at(-1)).toBe(`${long}\n`)
    lines.flush()
    expect(written.join('')).toBe([...queued, long].map((line) => `${line}\n`).join(''))
  })

  it('keeps a lone surrogate as UTF-8 writes it (U+FFFD)', () => {
    const lines = bufferStdoutLines()
    lines.write('a\ud800b')
    lines.flush()
    expect(written).toEqual(['a\ufffdb\n'])
  })
})
