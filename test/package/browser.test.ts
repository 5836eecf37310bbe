import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserResults } from '../fixtures/browser/checks.ts'
import { sharedPackedProject, type PackedProject } from '../support/packed-project.ts'
import { findChromium, launchChromium, within, type RunningChromium } from '../support/chromium.ts'
import { fixture } from '../support/paths.ts'

// The README says the handlers work under msw's setupWorker: this runs the packed package's handlers in
// headless Chromium, as an app's page would, and asserts here what the page's fetch saw.

const checks = fixture('browser/checks.ts')
const found = findChromium()
const title = 'the packed package under setupWorker in headless Chromium'
const suite = found.missing ? `${title} (skipped: ${found.missing})` : title
if (found.missing) console.warn(`Skipped: ${title}. ${found.missing}`)

describe.skipIf(found.missing !== undefined)(suite, () => {
  let packed: PackedProject | undefined
  let server: Server | undefined
  let chromium: RunningChromium | undefined
  let page: Page | undefined
  let origin = ''
  const served: string[] = []
  const pageErrors: string[] = []

  beforeAll(async () => {
    packed = await sharedPackedProject()
    const project = packed.project
    // What a user writes: the package and msw's browser build, both from the consumer's node_modules.
    writeFileSync(
      join(project, 'page.js'),
      `import { createGateway } from 'llm-gateway-mock'
import { setupWorker } from 'msw/browser'
import { runChecks } from ${JSON.stringify(checks)}
window.runChecks = () => runChecks({ createGateway, setupWorker })
`,
    )
    const bundle = await build({
      entryPoints: [join(project, 'page.js')],
      absWorkingDir: project,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'silent',
    })
    const files: Record<string, string> = {
      '/': '<!doctype html><html><head><link rel="icon" href="data:,"><script type="module" src="/page.js"></script></head></html>',
      '/page.js': bundle.outputFiles[0]!.text,
      // The worker script from the same msw the bundle holds, as `npx msw init` would copy it.
      '/mockServiceWorker.js': readFileSync(join(project, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
    }
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://page').pathname
      served.push(path)
      const file = files[path]
      if (file === undefined) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not a file of the test page: msw did not answer this')
        return
      }
      const type = path === '/' ? 'text/html' : 'text/javascript'
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(file)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    chromium = await launchChromium(found.path!)
    page = await chromium.browser.newPage()
    page.setDefaultTimeout(15_000)
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      // Chromium logs every 4xx and 5xx answer as a failed load: those are the errors the checks ask for.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text())
    })
  }, 240_000)

  afterAll(async () => {
    await chromium?.close()
    if (server) {
      server.closeAllConnections()
      await new Promise((resolve) => server!.close(resolve))
    }
    packed?.remove()
  }, 30_000)

  it('answers a page fetch through the service worker: models, chat (JSON and streamed), errors, a scenario, the new-api profile, a replay', async () => {
    await page!.goto(`${origin}/`, { waitUntil: 'load' })
    await page!.waitForFunction('typeof window.runChecks === "function"', undefined, { timeout: 15_000 })
    const results = await within(45_000, 'the checks in the page', page!.evaluate('window.runChecks()') as Promise<BrowserResults>)
    expect(pageErrors).toEqual([])

    expect(results.controlled).toBe(true)
    // Every gateway answer came from the worker: the page's server saw only the page's own files.
    expect(new Set(served)).toEqual(new Set(['/', '/page.js', '/mockServiceWorker.js']))

    expect(results.models.status).toBe(200)
    expect((results.models.body as { data: { id: string }[] }).data.map((model) => model.id)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
    expect(results.otherOrigin).toEqual({ ...results.otherOrigin, status: 200, body: results.models.body })

    const chat = results.chat.body as { object: string; model: string; choices: { message: { content: string }; finish_reason: string }[] }
    expect(results.chat.status).toBe(200)
    expect(chat).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini', choices: [{ finish_reason: 'stop' }] })
    expect(chat.choices[0]!.message.content).toContain('Hello from the browser')

    expect(results.stream).toEqual({
      status: 200,
      contentType: 'text/event-stream; charset=utf-8',
      chunks: results.stream.chunks,
      text: chat.choices[0]!.message.content,
      finishReason: 'stop',
      done: true,
    })
    expect(results.stream.chunks).toBeGreaterThan(2)

    expect(results.badKey.status).toBe(401)
    expect(results.badKey.body).toEqual({
      error: { message: expect.stringContaining('Invalid API key'), type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    })
    expect(results.unknownModel.status).toBe(404)
    expect(results.unknownModel.body).toEqual({
      error: {
        message: expect.stringContaining("'no-such-model'"),
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    })

    // flaky-upstream: two 503s a client should retry, then the reply.
    expect(results.flaky.map((answer) => answer.status)).toEqual([503, 503, 200])
    expect(results.flaky[0]!.headers).toMatchObject({ 'retry-after-ms': '20', 'x-should-retry': 'true' })
    expect(results.flaky[0]!.body).toEqual({
      error: { message: expect.any(String), type: 'upstream_error', param: null, code: 'upstream_error' },
    })
    expect(results.flaky[2]!.body).toMatchObject({ object: 'chat.completion' })
    expect(results.journal).toEqual([200, 200, 200, 401, 404, 200, 503, 503, 200])

    expect(results.newApiBadKey.status).toBe(401)
    expect(results.newApiBadKey.headers['x-new-api-version']).toEqual(expect.any(String))
    expect(results.newApiBadKey.body).toEqual({
      error: { code: '', message: expect.stringMatching(/^Invalid token \(request id: \w+\)$/), type: 'new_api_error' },
    })

    expect(results.replayed.answer.status).toBe(200)
    expect(results.replayed.answer.body).toMatchObject({
      id: 'chatcmpl-browser',
      choices: [{ message: { content: 'Recorded, replayed in a browser.' } }],
    })
    expect([results.replayed.unused, results.replayed.unmatched]).toEqual([0, 0])
    expect(results.replayPath).toMatch(/is a path \("\.\/recordings"\), which only Node can read/)
  }, 60_000)
})
