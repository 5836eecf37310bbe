import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startStartupNotice, startupNoticeKey } from '../../../bin/startup-notice.js'
import { quickServeArgs } from '../../../src/cli/flags/quick-serve-args.ts'
import { startupNotice } from '../../../src/cli/process/startup-notice.ts'
import { runServe } from '../../../src/cli/serve/run-serve.ts'
import { fixture } from '../../support/paths.ts'

// The serve command in this process, stopped as soon as it waits for a signal: that is when the
// server is ready, and the notice must be done by then.
const stops = {
  noticeDoneBefore: undefined as boolean | undefined,
  done: (): boolean => false,
  printedBefore: undefined as boolean | undefined,
  printed: (): boolean => false,
}
const waitForStop = async () => {
  stops.noticeDoneBefore = stops.done()
  stops.printedBefore = stops.printed()
  return 'SIGTERM' as const
}

// The bin's notice of a slow start, on fake timers: what it prints, when, and what stops it.
describe('the start-up notice', () => {
  let lines: string[]
  const write = (text: string) => lines.push(text)
  beforeEach(() => {
    lines = []
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    delete (globalThis as Record<symbol, unknown>)[startupNoticeKey]
  })

  it('says nothing on a start that is ready within a second', () => {
    const notice = startStartupNotice({ write })
    notice.doing('loading the CLI')
    vi.advanceTimersByTime(999)
    notice.done()
    vi.advanceTimersByTime(60_000)
    expect(lines).toEqual([])
  })

  it('says what the start is doing after a second, then each thing it goes on to do until it is ready', () => {
    const notice = startStartupNotice({ write })
    notice.doing('loading the CLI')
    vi.advanceTimersByTime(1_000)
    expect(lines).toEqual(['llm-gateway-mock: starting… (loading the CLI)\n'])
    notice.doing('reading the world file world.ts')
    notice.done()
    notice.doing('building the gateway')
    vi.advanceTimersByTime(60_000)
    expect(lines).toEqual([
      'llm-gateway-mock: starting… (loading the CLI)\n',
      'llm-gateway-mock: starting… (reading the world file world.ts)\n',
    ])
  })

  it('writes nothing where stderr is no terminal (a pipe, a log, CI)', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const isTTY = process.stderr.isTTY
    process.stderr.isTTY = false
    try {
      startStartupNotice()
      vi.advanceTimersByTime(60_000)
    } finally {
      process.stderr.isTTY = isTTY
    }
    expect(stderr).not.toHaveBeenCalled()
    stderr.mockRestore()
  })

  it('is the notice the CLI reports to, and the CLI reports to none without the bin', () => {
    expect(() => startupNotice().done()).not.toThrow()
    const notice = startStartupNotice({ write })
    startupNotice().doing('reading the scenario file quota.json')
    vi.advanceTimersByTime(1_000)
    expect(lines).toEqual(['llm-gateway-mock: starting… (reading the scenario file quota.json)\n'])
    startupNotice().done()
    notice.doing('more')
    expect(lines).toHaveLength(1)
  })
})

describe('the serve command and the start-up notice', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    delete (globalThis as Record<symbol, unknown>)[startupNoticeKey]
  })

  it('tells the notice what it reads, and is done with it once the server listens', async () => {
    const notice = { doing: vi.fn(), done: vi.fn() }
    ;(globalThis as Record<symbol, unknown>)[startupNoticeKey] = notice
    stops.done = () => notice.done.mock.calls.length > 0
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const world = fixture('patch-world.json')
    const scenario = fixture('scripted-scenario.json')
    await runServe(quickServeArgs(['--port', '0', '--quiet', '--world', world, '--scenario', scenario])!, { waitForStop })
    expect(notice.doing.mock.calls).toEqual([
      [`reading the world file ${world}`],
      [`reading the scenario file ${scenario}`],
      ['building the gateway'],
    ])
    expect(stops.noticeDoneBefore).toBe(true)
  })
})

// A script that stops the server once it reads the banner's "listening on" line sends its signal
// at once: the server must already catch it, or Node's default ends it without "stopping" (seen
// as a flaky npm start test under load).
describe('the stop signals', () => {
  it('are caught from before the banner that says the server listens is printed', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    stops.printed = () => log.mock.calls.some(([text]) => String(text).includes('listening on'))
    await runServe(quickServeArgs(['--port', '0', '--quiet'])!, { waitForStop })
    expect(log.mock.calls.some(([text]) => String(text).includes('listening on http://127.0.0.1:'))).toBe(true)
    expect(stops.printedBefore).toBe(false)
    log.mockRestore()
  })
})
