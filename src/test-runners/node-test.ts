/**
 * llm-gateway-mock for Node's test runner (`node --test`): a fresh gateway for every test of a
 * file, in one line.
 *
 * @example
 * import assert from 'node:assert/strict'
 * import { test } from 'node:test'
 * import OpenAI from 'openai'
 * import { useGateway } from 'llm-gateway-mock/node-test'
 *
 * const gateway = useGateway({ env: true })
 * const openai = new OpenAI() // reads OPENAI_BASE_URL and OPENAI_API_KEY, set by useGateway
 *
 * test('answers', async () => {
 *   const chat = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
 *   assert.match(chat.choices[0]?.message.content ?? '', /mock reply/)
 *   assert.equal(gateway().gateway.journal.entries.length, 1)
 * })
 *
 * @module
 */
import { after, afterEach, before, beforeEach } from 'node:test'
import { bindGateway, type GatewayFixture, type UseGatewayOptions } from './use-gateway.ts'

export type { GatewayFixture, UseGatewayOptions } from './use-gateway.ts'

/**
 * Call at the top of a test file (its hooks then apply to every test of the file) or inside a
 * `describe` (to its tests). Before the tests the gateway is created (and served, with
 * `server: true`); before each test its world, clock, journal and scenarios go back to how they
 * started; after each test a strict scenario left unfinished fails that test with its report; after
 * them all it stops and the environment (`env: true`) is restored. In-process, msw's interception
 * starts at the call, so SDK clients built after this line reach the gateway.
 *
 * @returns a function that gives `{ gateway, url }` inside a test or a hook
 */
export function useGateway(options?: UseGatewayOptions): () => GatewayFixture {
  return bindGateway(
    { beforeAll: before, beforeEach, afterEach: (fn) => afterEach((t) => fn({ name: t.fullName, file: t.filePath })), afterAll: after },
    options,
  )
}
