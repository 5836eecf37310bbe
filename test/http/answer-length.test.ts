import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { utf8Length } from '../../src/bytes/utf8-length.ts'
import { modes, useHarness } from '../support/modes.ts'

// In process, a complete answer says its length in bytes, as msw's own `HttpResponse.json()` and
// `.text()` do (and the real gateway does for a small JSON answer). Without it msw's interception
// ends the emulated connection to mark the body's end, which every call paid for.
describe.each(modes.filter((mode) => mode.name === 'setupServer'))('content-length of a complete answer ($name)', (mode) => {
  const harness = useHarness(mode, {
    world: {
      extends: 'default',
      models: [{ id: 'accented', ownedBy: 'custom', pricing: { ratio: 1 }, reply: { type: 'text', text: 'Déjà vu — ✓ 雨 🌧' } }],
      groups: [{ name: 'default', models: ['gpt-4o-mini', 'accented'] }],
    },
  })
  const auth = { authorization: 'Bearer sk-unrestricted' }

  it('the model list', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/models`, { headers: auth })
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength))
  })

  it('a chat whose reply is not ASCII: its length in bytes, not characters', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'accented', messages: [{ role: 'user', content: 'Again?' }] }),
    })
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    expect(response.status).toBe(200)
    expect(JSON.parse(text).choices[0].message.content).toBe('Déjà vu — ✓ 雨 🌧')
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength))
    expect(bytes.byteLength).toBeGreaterThan(text.length)
  })

  it('an error in its envelope', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/models`, { headers: { authorization: 'Bearer sk-nobody' } })
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(response.status).toBe(401)
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength))
  })

  it('the openai SDK reads the same answers', async () => {
    const client = new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
    const completion = await client.chat.completions.create({ model: 'accented', messages: [{ role: 'user', content: 'Again?' }] })
    expect(completion.choices[0]!.message.content).toBe('Déjà vu — ✓ 雨 🌧')
    const page = await client.models.list()
    expect(page.data.map((model) => model.id)).toContain('accented')
  })

  it('a stream says none (its length is not known when it starts)', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'accented', stream: true, messages: [{ role: 'user', content: 'Again?' }] }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBeNull()
    expect(await response.text()).toContain('[DONE]')
  })
})

describe('utf8Length', () => {
  it('counts the bytes TextEncoder makes, surrogate pairs and lone surrogates too', () => {
    const texts = ['', 'plain ASCII', 'é', 'Déjà vu — ✓ 雨 🌧', '\u{10FFFF}', 'a\uD800b', '\uDC00', 'end \uD83C']
    for (const text of texts) expect(utf8Length(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).byteLength)
  })
})
