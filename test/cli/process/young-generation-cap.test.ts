import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { capYoungGeneration, type YoungGenerationProcess } from '../../../src/cli/process/young-generation-cap.ts'
import { fixture, repo } from '../../support/paths.ts'

const mb = 2 ** 20

/** A process whose heap the test sets, recording what the cap loads and sets. */
function fakeProcess(nodeOptions = '') {
  const state = { heapTotal: 12 * mb, newSpace: 4 * mb, v8Loads: 0, flags: [] as string[] }
  const host: YoungGenerationProcess = {
    nodeOptions,
    heapTotal: () => state.heapTotal,
    v8: () => {
      state.v8Loads++
      return {
        getHeapSpaceStatistics: () => [
          { space_name: 'read_only_space', space_size: mb, space_used_size: 0, space_available_size: 0, physical_space_size: mb },
          {
            space_name: 'new_space',
            space_size: state.newSpace,
            space_used_size: 0,
            space_available_size: 0,
            physical_space_size: state.newSpace,
          },
        ],
        setFlagsFromString: (flags: string) => void state.flags.push(flags),
      }
    },
  }
  return { state, host }
}

describe("the serve command's cap on V8's young generation", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads nothing while the heap is under half the cap, then holds growth at the cap and lets it grow again below', () => {
    vi.useFakeTimers()
    const { state, host } = fakeProcess()
    const stop = capYoungGeneration({ capBytes: 32 * mb, checkEveryMs: 250, host })

    vi.advanceTimersByTime(1_000)
    expect(state).toMatchObject({ v8Loads: 0, flags: [] })

    state.heapTotal = 20 * mb
    state.newSpace = 16 * mb
    vi.advanceTimersByTime(250)
    expect(state).toMatchObject({ v8Loads: 1, flags: [] })

    state.newSpace = 32 * mb
    vi.advanceTimersByTime(1_000)
    expect(state.flags).toEqual(['--semi-space-growth-factor=1'])

    // V8 shrank it once the load stopped: it must be able to grow back to the cap.
    state.newSpace = 8 * mb
    vi.advanceTimersByTime(500)
    expect(state.flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2'])
    expect(state.v8Loads).toBe(1)
    stop()
  })

  it('leaves V8 growing as it found it when stopped at the cap, and checks no more', () => {
    vi.useFakeTimers()
    const { state, host } = fakeProcess()
    state.heapTotal = 40 * mb
    state.newSpace = 32 * mb
    const stop = capYoungGeneration({ capBytes: 32 * mb, checkEveryMs: 250, host })
    vi.advanceTimersByTime(250)
    stop()
    expect(state.flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2'])
    state.newSpace = 64 * mb
    vi.advanceTimersByTime(5_000)
    expect(state.flags).toHaveLength(2)
  })

  it.each(['--max-semi-space-size=64', '--min_semi_space_size=16', '--semi-space-growth-factor=4'])(
    "keeps the user's own choice in Node's options (%s)",
    (option) => {
      vi.useFakeTimers()
      const { state, host } = fakeProcess(`--enable-source-maps ${option}`)
      state.heapTotal = 200 * mb
      state.newSpace = 128 * mb
      const stop = capYoungGeneration({ capBytes: 32 * mb, checkEveryMs: 250, host })
      vi.advanceTimersByTime(5_000)
      expect(state).toMatchObject({ v8Loads: 0, flags: [] })
      stop()
    },
  )

  // The cap rests on V8 reading --semi-space-growth-factor each time it grows the space; a Node.js
  // whose V8 stopped doing so (or froze its flags) fails here.
  it('holds a real V8 young generation near the cap, where uncapped it grows far past it', async () => {
    const run = async (mode: string) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture('young-generation-load.ts'), mode], {
        cwd: repo,
        env: { ...process.env, CAP_MB: '8' },
        timeout: 30_000,
      })
      return (JSON.parse(stdout) as { largestNewSpace: number }).largestNewSpace
    }
    const [capped, uncapped] = await Promise.all([run('capped'), run('uncapped')])
    expect(capped).toBeGreaterThanOrEqual(8 * mb)
    expect(capped).toBeLessThanOrEqual(12 * mb)
    expect(uncapped).toBeGreaterThanOrEqual(32 * mb)
  }, 60_000)
})
