import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createGateway } from '../../src/index.ts'
import { loadWorldFile, startServer } from '../../src/node/index.ts'
import { eitherMode, useHarness } from '../support/modes.ts'
import { inRepo } from '../support/paths.ts'

// The README promises that each SDK block runs as is against the server. Run each one, with only
// its BASE line pointed at this test's gateway, and check what it prints.
const readme = readFileSync(inRepo('README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Point your SDK at it'), readme.indexOf('## The default keys'))
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!)
const baseLine = "const BASE = 'http://127.0.0.1:4010'"

// Inside the repository, so that the blocks' imports resolve to our devDependencies.
const folder = inRepo('.scratch/readme-examples/')
mkdirSync(folder, { recursive: true })
afterAll(() => rmSync(folder, { recursive: true, force: true }))

// What each block prints, in the README's order: one per SDK, then the routes beyond chat.
const expected: RegExp[] = [
  /This is a mock reply from gpt-4o-mini[\s\S]*1536[\s\S]*name/,
  /claude-opus-4-1[\s\S]*input_tokens/,
  /gemini-2\.5-flash[\s\S]*name[\s\S]*2/,
  /^This is a mock reply from gpt-4o-mini.* This is a mock reply from gpt-4o-mini.*\{"name":.*This is a mock reply from gemini-2\.5-flash.* 1536 2$/,
  /^This is a mock reply from gpt-3\.5-turbo-instruct\. You said: "def add\(a, b\):print\(add\(1, 2\)\)" Hello from the mock \d{4,}$/,
]

it('finds one block per SDK and one for the routes beyond chat, each with the BASE line', () => {
  expect(blocks.map((block) => /from '([^']+)'/.exec(block)![1])).toEqual(['openai', '@anthropic-ai/sdk', '@google/genai', 'ai', 'openai'])
  for (const block of blocks) expect(block).toContain(baseLine)
})

describe.each(eitherMode)('the README SDK examples ($name)', (mode) => {
  const harness = useHarness(mode)

  it.each(blocks.map((block, index) => ({ block, index, sdk: /from '([^']+)'/.exec(block)![1]! })))(
    '$sdk runs and prints replies',
    async ({ block, index }) => {
      const file = new URL(`${mode.name.replace(/\W/g, '-')}-${index}.ts`, folder)
      writeFileSync(file, `${block.replace(baseLine, `const BASE = ${JSON.stringify(harness.baseUrl)}`)}\nexport {}\n`)
      const log = vi.spyOn(console, 'log').mockImplementation(() => {})
      try {
        await import(file.href)
        const printed = log.mock.calls
          .map((call) => call.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(' '))
          .join('\n')
        expect(printed).toMatch(expected[index]!)
      } finally {
        log.mockRestore()
      }
    },
  )
})

// The keys table promises a refusal on the first request: every generation surface, through its SDK.
describe.each(eitherMode)("the README's sk-low-quota ($name)", (mode) => {
  const harness = useHarness(mode)
  const row =
    /^\| `sk-low-quota` \| (\d+) units left: a generation of text, an image or audio costs more, so the first one gets 403 `insufficient_quota`, saying what is left and what it costs; a moderation \(free\) or a short embedding or rerank \(1 unit\) still passes \|$/m.exec(
      readme,
    )

  it('is refused on its first generation, of text, an image or audio, saying what is left and what it costs', async () => {
    expect(row, "the README's row for sk-low-quota").not.toBeNull()
    const left = Number(row![1])
    expect(harness.gateway.world.findToken('sk-low-quota')!.remainQuota).toBe(left)
    const apiKey = 'sk-low-quota'
    const openai = new OpenAI({ apiKey, baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const anthropic = new Anthropic({ apiKey, baseURL: harness.baseUrl, maxRetries: 0 })
    const genai = new GoogleGenAI({
      apiKey,
      httpOptions: { baseUrl: harness.baseUrl, apiVersion: 'v1beta', retryOptions: { attempts: 1 } },
    })
    const firstRequests = [
      openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
      openai.responses.create({ model: 'gpt-4o-mini', input: 'Hello' }),
      anthropic.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] }),
      genai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello' }),
      openai.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Hello' }),
      openai.images.generate({ model: 'dall-e-3', prompt: 'Hello' }),
      openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello' }),
    ]
    for (const refused of await Promise.allSettled(firstRequests)) {
      expect(refused.status).toBe('rejected')
      const error = (refused as PromiseRejectedResult).reason as { status?: number; message: string }
      expect(error.status).toBe(403)
      expect(error.message).toMatch(new RegExp(`has ${left} quota units left; this request costs \\d+`))
    }
    expect(harness.gateway.world.findToken('sk-low-quota')!.remainQuota).toBe(left)
  })

  it('passes a moderation, free, and a short embedding or rerank, a unit each', async () => {
    const left = Number(row![1])
    const openai = new OpenAI({ apiKey: 'sk-low-quota', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const quota = () => harness.gateway.world.findToken('sk-low-quota')!.remainQuota
    try {
      for (let i = 0; i < 3; i++) await openai.moderations.create({ input: 'Hello' })
      expect(quota()).toBe(left)
      await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'Hello' })
      expect(quota()).toBe(left - 1)
      const rerank = await fetch(`${harness.baseUrl}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-low-quota', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'Hello', documents: ['Hello'] }),
      })
      expect(rerank.status).toBe(200)
      expect(quota()).toBe(left - 2)
    } finally {
      await harness.gateway.reset()
    }
  })
})

it("serves the README's world file: sk-ci calls weather-bot, which answers with its tool call", async () => {
  // The world file's block, among the README's JSON blocks (a scenario's among them).
  const json = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((block) => block.includes('world.schema.json'))!
  const file = new URL('readme-world.json', folder)
  writeFileSync(file, json)
  const gateway = await createGateway({ world: await loadWorldFile(file.pathname) })
  const server = await startServer(gateway, { port: 0 })
  try {
    const openai = new OpenAI({ apiKey: 'sk-ci', baseURL: `${server.url}/v1`, maxRetries: 0 })
    const completion = await openai.chat.completions.create({ model: 'weather-bot', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(completion.choices[0]!.message.tool_calls).toMatchObject([{ function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }])
  } finally {
    await server.close()
  }
})
