import type { WorldDefinition } from './resolve-world.ts'

/**
 * Identity helper for world files written in TypeScript: `export default defineWorld({...})`
 * type-checks a whole world or a patch on the default one (`{ extends: 'default', … }`).
 *
 * @example
 * import { defineWorld } from 'llm-gateway-mock'
 *
 * export default defineWorld({
 *   extends: 'default',
 *   models: [{ id: 'gpt-4o-mini', contextWindow: 8192 }],
 * })
 */
export function defineWorld<const Definition extends WorldDefinition>(definition: Definition): Definition {
  return definition
}
