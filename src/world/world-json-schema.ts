import { z } from 'zod'
import { worldSchema } from './schemas.ts'
import { worldPatchSchema } from './world-patch.ts'

/**
 * The JSON Schema of a world file, generated from the zod schemas the gateway validates with:
 * a patch on the default world (`"extends": "default"`) or a whole world. Input mode, so fields
 * with defaults are optional as they are when written by hand; draft-07, which editors complete
 * best. Field descriptions come from the schemas' `.describe()` texts and show on hover.
 */
export function worldJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(z.union([worldPatchSchema, worldSchema]), { io: 'input', target: 'draft-07', reused: 'inline' }),
    title: 'llm-gateway-mock world',
    description:
      'The groups, users, API keys and models a gateway serves: a patch on the default world ("extends": "default") or a whole world. Use with `llm-gateway-mock --world FILE`, `keys --world FILE` or createGateway({ world }). Every field is described in docs/world.md.',
  }
}

/** The schema as the file `schemas/world.schema.json` holds it. */
export function worldJsonSchemaText(): string {
  return `${JSON.stringify(worldJsonSchema(), null, 2)}\n`
}
