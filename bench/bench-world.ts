import { defaultWorld, type WorldDefinition } from '../src/index.ts'

/** The default world plus a model whose reply streams as exactly 50 content chunks. */
export const benchWorld: WorldDefinition = {
  extends: 'default',
  models: [{ id: 'lorem-50', ownedBy: 'custom', pricing: { ratio: 0.001 }, reply: { type: 'lorem', tokens: 50 } }],
  groups: [{ name: 'default', models: [...defaultWorld.groups[0]!.models, 'lorem-50'] }],
}

/** The key every load of the bench sends: it sees every model of the bench's world. */
export const benchAuth = { authorization: 'Bearer sk-unrestricted' }

/** A load of the bench: the model list. */
export const modelsLoad = { path: '/v1/models', method: 'GET' as const, headers: benchAuth }

/** A load of the bench: a chat completion of `lorem-50`, streamed or not. */
export const chatLoad = (stream: boolean) => ({
  path: '/v1/chat/completions',
  method: 'POST' as const,
  headers: { ...benchAuth, 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'lorem-50', stream, messages: [{ role: 'user', content: 'Benchmark me, please.' }] }),
})
