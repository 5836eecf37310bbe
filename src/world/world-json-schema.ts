import { z } from 'zod'
import { jsonSchemaOptions } from '../schema/json-schema-file.ts'
import { worldSchema } from './schemas.ts'
import { worldPatchSchema } from './patch/world-patch.ts'

/** One form of world file as the body of a branch: without the draft it is written in, which the root says. */
function form(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _draft, ...body } = z.toJSONSchema(schema, jsonSchemaOptions) as Record<string, unknown>
  return body
}

/**
 * The JSON Schema of a world file, generated from the zod schemas the gateway validates with:
 * a patch on the default world (`"extends": "default"`) or a whole world. Input mode, so fields
 * with defaults are optional as they are when written by hand; draft-07, which editors complete
 * best. Field descriptions come from the schemas' `.describe()` texts and show on hover.
 *
 * One object whose `"extends"` picks the form (`if`/`then`/`else`), rather than a choice between
 * the two forms (`anyOf`): against a choice, a validator cannot tell which form was meant, and
 * editors and generic validators report every mistake at the root, as "matches no form". Here a
 * mistake is reported at its field.
 */
export function worldJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'llm-gateway-mock world',
    description:
      'The groups, users, API keys and models a gateway serves: a patch on the default world ("extends": "default") or a whole world. Use with `llm-gateway-mock --world FILE`, `keys --world FILE` or createGateway({ world }). Every field is described in docs/world.md.',
    type: 'object',
    if: { required: ['extends'] },
    then: form(worldPatchSchema),
    else: form(worldSchema),
  }
}
