import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import OpenAI from 'openai'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createGateway } from '../src/index.ts'
import { loadWorldFile, startServer } from '../src/node/index.ts'
import { modes, useHarness } from './support/modes.ts'

// The README promises that each SDK block runs as is against the server. Run each one, with only
// its BASE line pointed at this test's gateway, and check what it prints.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const section = readme.slice(readme.indexOf('## Point your SDK at it'), readme.indexOf('## The default keys'))
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!)
const baseLine = "const BASE = 'http://127.0.0.1:4010'"

// Inside the repository, so that the blocks' imports resolve to our devDependencies.
const folder = new URL('../.scratch/readme-examples/', import.meta.url)
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

describe.each(modes)('the README SDK examples ($name)', (mode) => {
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

it("serves the README's world file: sk-ci calls weather-bot, which answers with its tool call", async () => {
  const json = /```json\n([\s\S]*?)```/.exec(readme)![1]!
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
