import { getResponse, type RequestHandler } from 'msw'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { createGateway } from '../../src/index.ts'
import { drivenTime } from '../support/driven-time.ts'

// The inspector keeps the last requests in detail; what it keeps must not hold each request (and,
// on the server, its Node request and response) alive: a kept closure over the pipeline's context
// did, for every chat (docs/performance.md, "Memory under load").

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

it('keeps a chat in detail without keeping its request alive', async () => {
  const gateway = await createGateway({ time: drivenTime() })
  const send = async () => {
    const request = new Request('http://gateway.test/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    const response = await getResponse(gateway.handlers as RequestHandler[], request)
    expect(response?.status).toBe(200)
    await response!.text()
    return new WeakRef(request)
  }
  const sent = await send()
  for (let i = 0; i < 5 && sent.deref() !== undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    gc()
  }
  expect(sent.deref()).toBeUndefined()
  // The detail is still there, its conversation read from the body.
  const [entry] = gateway.journal.entries
  const detail = await getResponse(
    gateway.handlers as RequestHandler[],
    new Request(`http://gateway.test/__mock/journal/${entry!.requestId}`),
  )
  expect(((await detail!.json()) as { conversation: unknown }).conversation).toMatchObject({ message: 'Hi' })
})
