import { copyFileSync, mkdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, scenarioSchema, type Gateway } from '../../../../src/index.ts'
import { startServer, type RunningServer } from '../../../../src/node/index.ts'
import { writeInspectorSnapshot } from '../../../../src/node/files/write-inspector-snapshot.ts'
import { findChromium, launchChromium, type RunningChromium } from '../../../support/chromium.ts'
import { rejection } from '../../../support/rejection.ts'
import { chatExchange, recording } from '../../../support/recordings.ts'
import { inRepo } from '../../../support/paths.ts'

// The inspector page (GET /__mock/) in headless Chromium, against a server from the sources: SDK
// requests appear without a reload, one opens in detail, a scenario applied from the page changes
// the next SDK call's answer, the clock and reset controls work, a request copies as a scenario
// step, markup in a prompt runs nothing, and a server with an admin token works from a browser.
// It keeps a screenshot in test-artifacts/ (LLM_GATEWAY_MOCK_DOCS_SCREENSHOT=1 also writes docs/inspector.png).

const found = findChromium()
const title = 'the inspector page in headless Chromium'
const suite = found.missing ? `${title} (skipped: ${found.missing})` : title
if (found.missing) console.warn(`Skipped: ${title}. ${found.missing}`)

const artifacts = inRepo('test-artifacts/')

/** What the page must never do: run what a client sent, or break its own policy. */
const watchForTrouble = () => {
  ;(window as unknown as { violations: string[] }).violations = []
  document.addEventListener('securitypolicyviolation', (event) =>
    (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
  )
}

describe.skipIf(found.missing !== undefined)(suite, () => {
  let chromium: RunningChromium
  let context: BrowserContext
  let page: Page
  let gateway: Gateway
  let server: RunningServer
  const problems: string[] = []

  const openai = (apiKey = 'sk-unrestricted') => new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 })
  const rows = () => page.locator('#request-table tbody tr')
  const row = (requestId: string) => page.locator(`#request-table tbody tr[data-request-id="${requestId}"]`)
  const lastId = () => gateway.journal.entries.at(-1)!.requestId

  const watch = (target: Page) => {
    target.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    target.on('console', (message) => {
      // Chromium logs every failed load as an error: those are checked by their responses below.
      if ((message.type() === 'error' || message.type() === 'warning') && !message.text().startsWith('Failed to load resource'))
        problems.push(`console ${message.type()}: ${message.text()}`)
    })
    target.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
    })
  }

  beforeAll(async () => {
    gateway = await createGateway({
      world: {
        extends: 'default',
        tokens: [{ key: 'sk-paced', name: 'paced', userId: 1, unlimitedQuota: true, rateLimit: { requests: 5, windowMs: 60_000 } }],
        models: [{ id: 'gpt-4o', streaming: { firstTokenMs: 20, tokensPerSecond: null } }],
      },
    })
    server = await startServer(gateway, { port: 0 })
    chromium = await launchChromium(found.path!)
    context = await chromium.browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await context.addInitScript(watchForTrouble)
    page = await context.newPage()
    page.setDefaultTimeout(15_000)
    watch(page)
    await page.goto(`${server.url}/__mock`)
    await page.locator('#feed[data-state="live"]').waitFor()
    // Set once: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
    await server?.close()
  }, 30_000)

  it('lists the requests an SDK makes as they are answered, without a reload', async () => {
    await openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello from the SDK' }] })
    const first = lastId()
    await row(first).waitFor()
    const stream = await openai().chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Stream it' }],
    })
    for await (const _ of stream);
    const streamed = lastId()
    const anthropic = new Anthropic({ apiKey: 'sk-unrestricted', baseURL: server.url, maxRetries: 0 })
    await anthropic.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 50, messages: [{ role: 'user', content: 'Hi Claude' }] })
    await row(lastId()).waitFor()

    expect(await rows().count()).toBe(3)
    expect(await row(first).locator('td').allTextContents()).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3}$/),
      'POST',
      '/v1/chat/completions',
      'openai',
      'sk-u…cted',
      'gpt-4o-mini',
      '200',
      expect.stringMatching(/^\d+\.\d ms$/),
      '',
      'generated',
    ])
    expect(await row(streamed).locator('td').nth(8).textContent()).toBe('stream')
    expect(await rows().first().locator('td').nth(3).textContent()).toBe('anthropic')
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  it('opens a request in detail: its bodies as sent, and a stream frame by frame with when each was written', async () => {
    const streamed = gateway.journal.entries.find((entry) => entry.stream)!
    await row(streamed.requestId).click()
    await page.locator('#detail-title', { hasText: 'POST /v1/chat/completions' }).waitFor()
    const detail = page.locator('#detail')
    expect(await detail.locator('pre.body').first().textContent()).toBe(
      JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Stream it' }] }),
    )
    const frames = detail.locator('table.frames tbody tr')
    expect(await frames.count()).toBeGreaterThan(3)
    expect(await frames.first().locator('td').nth(1).textContent()).toMatch(/^\d+\.\d ms$/)
    expect(await frames.last().locator('pre').textContent()).toBe('data: [DONE]\n\n')
    expect(await detail.locator('dd .decision').textContent()).toBe('generated')
  })

  it('copies a request as a scenario step, to the clipboard and on the page', async () => {
    await page.locator('#copy-step').click()
    await page.locator('#message', { hasText: 'clipboard' }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await page.locator('#step-json').textContent())
    const step = JSON.parse(copied) as { when: unknown; then: { reply: { text: string } } }
    expect(step.when).toEqual({ route: 'POST /v1/chat/completions', model: 'gpt-4o', key: 'sk-unrestricted', stream: true })
    expect(step.then.reply.text).toContain('Stream it')
    expect(scenarioSchema.safeParse({ name: 'pasted', steps: [step] }).success).toBe(true)
  })

  it('shows markup a client sent as text: a prompt with <script> and onerror runs nothing', async () => {
    const payload = `<script>window.pwned = 'script'</script><img src=x onerror="window.pwned = 'img'"><b>bold</b>`
    await openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: payload }] })
    await row(lastId()).click()
    const body = page.locator('#detail pre.body').first()
    await body.filter({ hasText: 'window.pwned' }).waitFor()
    expect(await body.textContent()).toContain(JSON.stringify(payload).slice(1, -1))
    expect(await page.locator('#detail img, #detail script, #detail b').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined()
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
    expect(problems).toEqual([])
  })

  it('applies a built-in scenario from the page, and the next SDK call gets its answer', async () => {
    await page.locator('#scenario-name').selectOption('quota-exhausted')
    await page.locator('#apply-scenario button').click()
    await page.locator('#scenarios', { hasText: 'quota-exhausted' }).waitFor()
    expect(gateway.scenario.names).toEqual(['quota-exhausted'])

    const error = await rejection(openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }))
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, code: 'insufficient_quota' })
    const refused = row(lastId())
    await refused.waitFor()
    expect(await refused.locator('td.decision').textContent()).toBe('quota refused: insufficient_quota')
    // A refusal has one colour: its status and what decided it alike.
    const colour = (cell: string) => refused.locator(cell).evaluate((element) => getComputedStyle(element).color)
    expect(await colour('td.status')).toBe(await colour('td.decision'))
    await refused.click()
    await page.locator('#detail dd', { hasText: 'by the quota check: quota_user_exhausted' }).waitFor()
    await page
      .locator('#users td', { hasText: /^0\sunits$/ })
      .first()
      .waitFor()

    await page.locator('#clear-scenarios').click()
    await page.locator('#scenarios', { hasText: 'None active' }).waitFor()
    expect(gateway.scenario.names).toEqual([])
  })

  it('shows what a strict script expected of a request that matched no step', async () => {
    await openai('sk-paced').chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Paced' }] })
    await page.locator('#keys td', { hasText: '1/5 per 1 min' }).waitFor()
    await gateway.useScenario({
      name: 'strict script',
      strict: true,
      steps: [{ name: 'mini first', when: { model: 'gpt-4o-mini' } }, { when: { surface: 'anthropic' } }],
    })
    await rejection(openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Out of turn' }] }))
    const unmatched = page.locator('#scenarios .unmatched li').first()
    await unmatched.waitFor()
    expect(await unmatched.locator('.candidate').first().textContent()).toBe('expected step 1 "mini first"')
    expect(await unmatched.locator('.differs li').first().textContent()).toBe('model: wanted "gpt-4o-mini", got "gpt-4o"')
    expect(await row(lastId()).locator('td.decision').textContent()).toBe('strict script: matched no step → scenario_mismatch')

    // The screenshot in the README: a script that went wrong, and a stream opened in detail.
    await row(gateway.journal.entries.find((entry) => entry.stream)!.requestId).click()
    await page.locator('table.frames').waitFor()
    // The requests keep the larger part of the height beside a request in detail.
    const heightOf = (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().height)
    expect(await heightOf('.panel.requests')).toBeGreaterThan((await heightOf('.panel.detail')) * 1.3)
    // …and fit its width: what decided each answer is not cut off at the panel's edge.
    expect(await page.locator('.requests .scroll').evaluate((scroll) => scroll.scrollWidth - scroll.clientWidth)).toBe(0)
    mkdirSync(artifacts, { recursive: true })
    const shot = new URL('inspector.png', artifacts).pathname
    await page.screenshot({ path: shot })
    if (process.env.LLM_GATEWAY_MOCK_DOCS_SCREENSHOT) copyFileSync(shot, inRepo('docs/inspector.png').pathname)
  })

  it('shows a snapshot written for a failed test, from disk, with nothing fetched and nothing to change', async () => {
    const payload = `<script>window.pwned = 'script'</script><img src=x onerror="window.pwned = 'img'">`
    await openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: payload }] })
    const asked = lastId()
    mkdirSync(artifacts, { recursive: true })
    const file = new URL('inspector-snapshot.html', artifacts).pathname
    await writeInspectorSnapshot(server.url, file, 'Scenario "strict script" is not done')
    const frozen = await context.newPage()
    watch(frozen)
    const fetched: string[] = []
    frozen.on('request', (request) => {
      if (!/^(data|file):/.test(request.url())) fetched.push(request.url())
    })
    try {
      // What a plain headless screenshot shows: the page as it stands at its load event, nothing waited for.
      await frozen.goto(pathToFileURL(file).href, { waitUntil: 'load' })
      const atLoad = await frozen.evaluate(() => ({
        rows: document.querySelectorAll('#request-table tbody tr').length,
        keys: document.querySelectorAll('#keys tbody tr').length,
        unmatched: document.querySelectorAll('#scenarios .unmatched li').length,
      }))
      expect(atLoad.rows).toBe(gateway.journal.entries.length)
      expect(atLoad.keys).toBeGreaterThan(0)
      expect(atLoad.unmatched).toBeGreaterThan(0)
      await frozen.locator('#feed[data-state="snapshot"]').waitFor()
      await frozen.locator('#message', { hasText: 'when the test failed: Scenario "strict script" is not done' }).waitFor()
      expect(await frozen.locator('#request-table tbody tr').count()).toBe(gateway.journal.entries.length)
      await frozen.locator('#scenarios .unmatched li').first().waitFor()
      await frozen.locator(`#request-table tbody tr[data-request-id="${asked}"]`).click()
      const body = frozen.locator('#detail pre.body').first()
      await body.filter({ hasText: 'window.pwned' }).waitFor()
      expect(await frozen.locator('#detail img, #detail script').count()).toBe(0)
      expect(await frozen.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined()
      expect(await frozen.locator('#reset').isDisabled()).toBe(true)
      expect(await frozen.locator('#apply-scenario button').isDisabled()).toBe(true)
      // …and look it: faded, with a cursor that says no.
      for (const control of ['#reset', '#apply-scenario button', '#scenario-name', '#advance-ms']) {
        const look = await frozen.locator(control).evaluate((element) => {
          const { opacity, cursor } = getComputedStyle(element)
          return { opacity, cursor }
        })
        expect(Number(look.opacity), control).toBeLessThan(0.6)
        expect(look.cursor, control).toBe('not-allowed')
      }
      expect(await frozen.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
      expect(fetched).toEqual([])
      expect(problems).toEqual([])
    } finally {
      await frozen.close()
    }
  })

  it("wraps a replay's long lines in its panel, and quotes what was said once", async () => {
    const long = `Tell me a story about a lighthouse keeper ${'who finds a message in a bottle '.repeat(8)}`
    const replaying = await createGateway({
      replay: recording([chatExchange(1, 'Hello', { text: 'Hi' }), chatExchange(2, long, { text: 'Once upon a time' })], 'long-lines'),
    })
    const served = await startServer(replaying, { port: 0 })
    const other = await context.newPage()
    watch(other)
    try {
      await new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${served.url}/v1`, maxRetries: 0 }).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `Not recorded: ${'a long sentence nobody recorded '.repeat(8)}` }],
      })
      mkdirSync(artifacts, { recursive: true })
      const file = new URL('inspector-replay-snapshot.html', artifacts).pathname
      await writeInspectorSnapshot(served.url, file, 'Replay "long-lines" is not done')
      await other.goto(pathToFileURL(file).href)
      const unused = other.locator('#replay li', { hasText: '"long-lines" #2' }).first()
      await unused.waitFor()
      const text = (await unused.textContent())!
      expect(text).toContain('last user turn "Tell me a story about a light')
      expect(text).not.toMatch(/""|"last user turn/)
      // Nothing runs past the panel's right edge: it wraps, and the panel does not scroll sideways.
      const fits = await other.locator('#state').evaluate((panel) => {
        const right = panel.getBoundingClientRect().right
        const beyond = [...panel.querySelectorAll('li, code, span')].filter(
          (element) => element.getBoundingClientRect().right > right + 0.5,
        )
        return { overflow: panel.scrollWidth - panel.clientWidth, beyond: beyond.map((element) => element.textContent) }
      })
      expect(fits).toEqual({ overflow: 0, beyond: [] })
      mkdirSync(artifacts, { recursive: true })
      await other.screenshot({ path: new URL('inspector-replay.png', artifacts).pathname })
      expect(problems).toEqual([])
    } finally {
      await other.close()
      await served.close()
    }
  })

  it('advances the gateway clock and resets the gateway from the page', async () => {
    await page.locator('#advance-ms').fill('3600000')
    await page.locator('#advance-clock button').click()
    await page.locator('#clock-offset', { hasText: '(1 h ahead)' }).waitFor()
    expect(gateway.clock.now() - Date.now()).toBeGreaterThanOrEqual(3_590_000)

    await page.locator('#reset').click()
    await page.locator('#no-requests').waitFor({ state: 'visible' })
    await page.locator('#scenarios', { hasText: 'None active' }).waitFor()
    await page.waitForFunction(() => document.getElementById('clock-offset')!.textContent === '')
    expect(await rows().count()).toBe(0)
    // Nothing in detail: the detail panel is a line, and the requests take the height.
    const heightOf = (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().height)
    expect(await heightOf('.panel.requests')).toBeGreaterThan((await heightOf('.panel.detail')) * 4)
    expect(gateway.journal.entries).toEqual([])
    expect(gateway.clock.now() - Date.now()).toBeLessThan(1000)
    expect(problems).toEqual([])
  })

  it('works from a browser on a server with an admin token, opened once with ?token=', async () => {
    const guarded = await startServer(gateway, { port: 0, adminToken: 'browser-secret' })
    const other = await context.newPage()
    watch(other)
    try {
      const refused = await other.goto(`${guarded.url}/__mock/`)
      expect(refused?.status()).toBe(404)
      expect(problems).toEqual([`404 ${guarded.url}/__mock/`])
      problems.length = 0
      await other.goto(`${guarded.url}/__mock/?token=browser-secret`)
      expect(other.url()).toBe(`${guarded.url}/__mock/`)
      await other.locator('#feed[data-state="live"]').waitFor()
      await openai().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Behind a token' }] })
      await other.locator(`#request-table tbody tr[data-request-id="${lastId()}"]`).waitFor()
      await other.locator('#scenario-name').selectOption('rate-limited')
      await other.locator('#apply-scenario button').click()
      await other.locator('#scenarios', { hasText: 'rate-limited' }).waitFor()
      expect(gateway.scenario.names).toEqual(['rate-limited'])
      expect(problems).toEqual([])
    } finally {
      await other.close()
      await guarded.close()
    }
  })
})
