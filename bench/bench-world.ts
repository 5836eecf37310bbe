import { defaultWorld, type WorldDefinition } from '../src/index.ts'

/** The default world plus a model whose reply streams as exactly 50 content chunks. */
export const benchWorld: WorldDefinition = {
  extends: 'default',
  models: [{ id: 'lorem-50', ownedBy: 'custom', pricing: { ratio: 0.001 }, reply: { type: 'lorem', tokens: 50 } }],
  groups: [{ name: 'default', models: [...defaultWorld.groups[0]!.models, 'lorem-50'] }],
}
