import { tokenAuth } from '../../../auth/token-auth.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { chargeRequest } from '../../../generation/charge-request.ts'
import { loadTokenizer } from '../../../generation/tokenizer.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { modelOrDefault } from '../default-model.ts'
import { moderationResult, triggeredCategories } from './moderation-result.ts'
import { moderationInputs, moderationsRequestSchema } from './moderations-request.ts'

/**
 * `POST /v1/moderations`: one `omni-moderation` result per input. An input is flagged for the
 * categories its words trip, or those a scenario's `reply.moderation` names; billed by the inputs' tokens.
 */
export const moderationsRoute = defineRoute({
  id: 'openai.moderations',
  method: 'POST',
  path: '/v1/moderations',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: moderationsRequestSchema },
  model: { read: ({ body, profile }) => modelOrDefault(body.model, 'moderation', profile.shapes), admission: 'generation' },
  banner: 'OpenAI moderations (flags from scenarios or trigger words)',
  async handle(context) {
    const model = assertKind(context, ['moderation'])
    const inputs = moderationInputs(context.body)
    const tokenizer = await loadTokenizer()
    const promptTokens = await tokenizer.countAll(inputs.map((input) => input.text))
    chargeRequest(context, { promptTokens, completionTokens: 0 })
    const scripted = context.admission.action.reply?.moderation?.categories
    const flagged = inputs.map((input) => scripted ?? triggeredCategories(input.text))
    // What a scenario step gives back to answer the same: one list of categories for every input, when they agree.
    if (flagged.every((categories) => categories.join() === flagged[0]!.join()))
      context.note.reply = { moderation: { categories: flagged[0]! } }
    const id = stableHash(`${model.id}\n${inputs.map((input) => input.text).join('\n')}`)
    return json({
      id: `modr-${id}`,
      model: model.id,
      results: inputs.map((input, index) => moderationResult(input, flagged[index]!, model.id)),
    })
  },
})
