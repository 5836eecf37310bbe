import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserServer } from 'playwright-core'
import { killSurvivors, processTree } from './process-tree.ts'

// The browser tests drive Debian's Chromium through playwright-core; where there is none they
// skip and say why (.ci/run installs it where it can).

const debianChromium = '/usr/bin/chromium'

// Without the background-networking flags Chromium keeps calling out to Google, which a closed network refuses.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The Chromium to drive, or why there is none. */
export function findChromium(): { path: string; missing?: undefined } | { path?: undefined; missing: string } {
  const named = process.env.LLM_GATEWAY_MOCK_CHROMIUM || process.env.CHROMIUM_PATH
  if (named)
    return existsSync(named) ? { path: named } : { missing: `Chromium not found at ${named} (LLM_GATEWAY_MOCK_CHROMIUM or CHROMIUM_PATH)` }
  if (existsSync(debianChromium)) return { path: debianChromium }
  return {
    missing:
      `Chromium not found at ${debianChromium}: apt-get install chromium (.ci/run does this where it can), ` +
      'or set LLM_GATEWAY_MOCK_CHROMIUM to a Chromium binary',
  }
}

/** Rejects after `ms`: a browser that stops answering must fail the test, not hang it. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A running headless Chromium and how to stop it with every process it started. */
export interface RunningChromium {
  browser: Browser
  close(): Promise<void>
}

/**
 * Launches headless Chromium at `path`. launchServer, not launch: it gives the browser's PID, so
 * `close` can kill what is left of it and its helpers (zygote, renderers).
 */
export async function launchChromium(path: string): Promise<RunningChromium> {
  const browserServer: BrowserServer = await chromium.launchServer({ executablePath: path, args: chromiumArgs, timeout: 30_000 })
  const pid = browserServer.process().pid
  const tree = pid === undefined ? new Map<number, string>() : processTree(pid)
  const browser = await chromium.connect(browserServer.wsEndpoint(), { timeout: 30_000 })
  return {
    browser,
    async close() {
      // The helpers start after launch: note them while they run.
      if (pid !== undefined) for (const [child, command] of processTree(pid)) tree.set(child, command)
      await within(
        10_000,
        'closing the browser',
        (async () => {
          await browser.close()
          await browserServer.close()
        })(),
      ).catch(() => undefined)
      killSurvivors(tree)
    },
  }
}
