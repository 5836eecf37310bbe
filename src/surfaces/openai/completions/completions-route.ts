import { tokenAuth } from '../../../auth/token-auth.ts'
import { generateAll } from '../../../generation/generate.ts'
import { loadTokenizer } from '../../../generation/tokenizer.ts'
import { json, stream } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { openaiStreamError } from '../openai-stream-error.ts'
import { completionConversations, completionPrompts, completionsRequestSchema } from './completions-request.ts'
import { textCompletion, textCompletionFrames } from './text-completion.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/**
 * `POST /v1/completions`, the legacy completions API that autocomplete clients call (Continue,
 * with `suffix` for fill-in-the-middle): instruct models, and chat models too, as the upstreams
 * behind a gateway serve completions from chat and coder models. Streamed with `stream: true`.
 */
export const completionsRoute = defineRoute({
  id: 'openai.completions',
  method: 'POST',
  path: '/v1/completions',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: completionsRequestSchema },
  model: {
    read: ({ body }) => body.model,
    admission: 'generation',
    stream: ({ body }) => body.stream === true,
    // Several prompts are several conversations; the content fields read the first.
    conversation: ({ body }) => conversationView(completionConversations(body)[0]!),
  },
  banner: 'OpenAI completions (prompt, suffix; stream: true for SSE)',
  async handle(context) {
    const { body } = context
    const generations = await generateAll(context, completionConversations(body), { promptParam: 'prompt', kinds: ['completion', 'chat'] })
    const tokenizer = await loadTokenizer()
    const options = { prompts: completionPrompts(body), echo: body.echo === true, logprobs: body.logprobs ?? undefined }
    if (body.stream) {
      const frames = textCompletionFrames(generations, options, tokenizer, body.stream_options?.include_usage === true)
      return stream(frames, generations[0]!, openaiStreamError)
    }
    return json(textCompletion(generations, options, tokenizer))
  },
})
