import type { TokenAuth } from '../../../auth/token-auth.ts'
import { generate } from '../../../generation/generate.ts'
import { bytesToBase64 } from '../../../bytes/base64.ts'
import type { RouteContext } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { responseId, responseUsage } from './response-object.ts'
import { responsesConversation } from './responses-conversation.ts'
import type { ResponsesRequest } from './responses-request.ts'
import { responseStore } from './response-store.ts'

/** A user message of the conversation, as a compaction keeps it. */
interface KeptMessage {
  id: string
  type: 'message'
  status: 'completed'
  role: 'user'
  content: { type: 'input_text'; text: string }[]
}

/** The item that stands for the rest of the conversation: opaque to the client, which sends it back as input. */
interface CompactionItem {
  id: string
  type: 'compaction'
  encrypted_content: string
}

/** `POST /v1/responses/compact`'s answer, in the OpenAI SDK's `CompactedResponse` shape. */
export interface CompactedResponse {
  id: string
  object: 'response.compaction'
  created_at: number
  output: (KeptMessage | CompactionItem)[]
  usage: ReturnType<typeof responseUsage>
}

/**
 * A conversation compacted, as OpenAI's `POST /v1/responses/compact` answers (Codex CLI's remote
 * compaction): every user message of it, then one `compaction` item whose content stands for the
 * rest. The summary is a generation like any other (the model's reply to the conversation, with no
 * tool to call, or a scenario's `reply.text`), billed for the conversation as its prompt and the
 * summary as its completion; `encrypted_content` carries it, base64, as the real one carries an
 * encrypted summary.
 */
export async function compactConversation(context: RouteContext<TokenAuth, unknown>, body: ResponsesRequest): Promise<CompactedResponse> {
  const { runtime, auth } = context
  const stored = runtime.state.get(responseStore).conversationsOf(auth.user.id)
  const { conversation, items } = responsesConversation(body, stored)
  const { output: _format, ...plain } = conversation
  const generation = await generate(context, { ...plain, tools: [], toolChoice: 'none' }, 'input')
  const { id } = generation.reply
  const kept = items.flatMap((item, index): KeptMessage[] =>
    item.kind === 'message' && item.role === 'user'
      ? [
          {
            id: `msg_${stableHash(`${id}\n${index}`)}`,
            type: 'message',
            status: 'completed',
            role: 'user',
            content: [{ type: 'input_text', text: item.text }],
          },
        ]
      : [],
  )
  const sealed = bytesToBase64(new TextEncoder().encode(generation.reply.text))
  return {
    id: responseId(generation),
    object: 'response.compaction',
    created_at: generation.created,
    output: [...kept, { id: `cmp_${id}`, type: 'compaction', encrypted_content: sealed }],
    usage: responseUsage(generation),
  }
}
