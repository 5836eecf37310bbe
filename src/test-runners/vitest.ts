/**
 * llm-gateway-mock for vitest: a fresh gateway for every test of a file, in one line.
 *
 * @example
 * import OpenAI from 'openai'
 * import { expect, it } from 'vitest'
 * import { useGateway } from 'llm-gateway-mock/vitest'
 *
 * const gateway = useGateway({ env: true })
 * const openai = new OpenAI() // reads OPENAI_BASE_URL and OPENAI_API_KEY, set by useGateway
 *
 * it('answers', async () => {
 *   const chat = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
 *   expect(chat.choices[0]?.message.content).toContain('mock reply')
 *   expect(gateway().gateway.journal.entries).toHaveLength(1)
 * })
 *
 * @module
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { bindGateway, type GatewayFixture, type UseGatewayOptions } from './use-gateway.ts'

export type { GatewayFixture, UseGatewayOptions } from './use-gateway.ts'

/**
 * Call at the top of a test file or of a `describe`. Before its tests the gateway is created (and
 * served, with `server: true`); before each test its world, clock, journal and scenarios go back
 * to how they started; after each test a strict scenario left unfinished fails that test with its
 * report; after them all it stops and the environment (`env: true`) is restored. In-process, msw's
 * interception starts at the call, so SDK clients built after this line reach the gateway.
 *
 * @returns a function that gives `{ gateway, url }` inside a test or a hook
 */
export function useGateway(options?: UseGatewayOptions): () => GatewayFixture {
  return bindGateway(
    {
      beforeAll,
      beforeEach,
      afterEach: (fn) => afterEach(({ task }) => fn({ name: task.fullTestName ?? task.name, file: task.file?.filepath })),
      afterAll,
    },
    options,
  )
}
