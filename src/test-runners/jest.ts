/**
 * llm-gateway-mock for Jest: a fresh gateway for every test of a file, in one line. It uses Jest's
 * global hooks (the default `injectGlobals`). The package is ES modules: Jest loads it in its ESM
 * mode (`node --experimental-vm-modules`), from ES module test files, and, on Node 24.9 or newer
 * with the same flag, from CommonJS ones through `require()`.
 *
 * @example
 * import OpenAI from 'openai'
 * import { useGateway } from 'llm-gateway-mock/jest'
 *
 * const gateway = useGateway({ env: true })
 * const openai = new OpenAI() // reads OPENAI_BASE_URL and OPENAI_API_KEY, set by useGateway
 *
 * test('answers', async () => {
 *   const chat = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
 *   expect(chat.choices[0]?.message.content).toContain('mock reply')
 *   expect(gateway().gateway.journal.entries).toHaveLength(1)
 * })
 *
 * @module
 */
import type { RunnerHooks, TestIdentity } from './runner-hooks.ts'
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
  const globals = globalThis as Partial<RunnerHooks>
  const { beforeAll, beforeEach, afterEach, afterAll } = globals
  if (!beforeAll || !beforeEach || !afterEach || !afterAll) {
    throw new Error(
      "llm-gateway-mock/jest: Jest's global hooks (beforeAll, afterEach, …) are not defined: call useGateway() in a test file that Jest runs, with injectGlobals on (the default)",
    )
  }
  shareUndiciDispatcher()
  return bindGateway({ beforeAll, beforeEach, afterEach: (fn) => afterEach(() => fn(currentTest())), afterAll }, options)
}

/** Which test Jest is running, from its global `expect`. */
function currentTest(): TestIdentity {
  const state = (globalThis as { expect?: { getState?: () => { currentTestName?: string; testPath?: string } } }).expect?.getState?.()
  return { name: state?.currentTestName, file: state?.testPath }
}

const undiciDispatcher = Symbol.for('undici.globalDispatcher.1')

/**
 * Jest runs a test file in a sandbox with a global object of its own, lent Node's `fetch` and
 * `Headers` but not the dispatcher Node's `fetch` keeps on the real global. @google/genai sends
 * every request through that dispatcher, found on `globalThis`, and fails in the sandbox with
 * "Undici globalDispatcher is not available" (against any server, mock or not). The sandbox gets
 * the real one, reached through a function of the real realm (`Headers`' constructor).
 */
function shareUndiciDispatcher(): void {
  const sandbox = globalThis as Record<symbol, unknown>
  if (sandbox[undiciDispatcher] !== undefined || typeof Headers !== 'function') return
  // Creating Headers makes Node set up its dispatcher, which it does on first use.
  new Headers()
  const realm = (Headers.constructor as FunctionConstructor)('return globalThis')() as Record<symbol, unknown>
  if (realm !== sandbox && realm[undiciDispatcher] !== undefined) sandbox[undiciDispatcher] = realm[undiciDispatcher]
}
