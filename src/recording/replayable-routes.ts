import { messagesConversation, type MessagesRequest } from '../surfaces/anthropic/messages/messages-request.ts'
import {
  batchEmbeddingInputs,
  embeddingInput,
  type BatchEmbedContentsRequest,
  type EmbedContentRequest,
} from '../surfaces/gemini/embed/embed-request.ts'
import { generateConversation, type GenerateContentRequest } from '../surfaces/gemini/generate/generate-request.ts'
import { chatConversation, type ChatRequest } from '../surfaces/openai/chat/chat-request.ts'
import { embeddingInputs, type EmbeddingsRequest } from '../surfaces/openai/embeddings/embeddings-request.ts'
import { ownInputConversation } from '../surfaces/openai/responses/responses-conversation.ts'
import type { ResponsesRequest } from '../surfaces/openai/responses/responses-request.ts'
import type { RequestKey } from './request-key-schema.ts'
import { conversationKey, embeddingKey } from './request-key.ts'

/** How a route's answers are recorded as content and replayed. */
export interface ReplayableRoute {
  /**
   * Routes that answer the same requests in two ways share a family (`generateContent` and its
   * stream): a recording of one answers the other.
   */
  family: string
  kind: 'generation' | 'embeddings'
  /** What identifies a request, from its body as its route's schema validated it: the same rule on both sides. */
  key(body: unknown): RequestKey
  /** The prefixes the surface puts before a reply id and a call id, which the recording keeps and the replay takes off. */
  prefixes: { reply?: string; call?: string }
}

/** A generation route: its family, how its requests are keyed, and its surface's id prefixes. */
const generation = <Body>(
  family: string,
  key: (body: Body) => RequestKey,
  prefixes: ReplayableRoute['prefixes'] = {},
): ReplayableRoute => ({
  family,
  kind: 'generation',
  key,
  prefixes,
})
/** An embedding route, keyed by its inputs. */
const embeddings = <Body>(family: string, key: (body: Body) => RequestKey): ReplayableRoute => ({
  family,
  kind: 'embeddings',
  key,
  prefixes: {},
})

const generateContent = generation('gemini.generate_content', (body: GenerateContentRequest) => conversationKey(generateConversation(body)))

/**
 * The routes whose answers replay, by route id: the generations and the embeddings. Everything
 * else a gateway answers (model lists, dashboard and billing routes, token counts) is the
 * world's to decide; a recording keeps those answers for reading.
 */
export const replayableRoutes: Readonly<Record<string, ReplayableRoute>> = {
  'openai.chat_completions': generation('openai.chat_completions', (body: ChatRequest) => conversationKey(chatConversation(body)), {
    reply: 'chatcmpl-',
    call: 'call_',
  }),
  // A continuation is keyed by its own input: what it continues lives in another store on each side.
  'openai.responses': generation('openai.responses', (body: ResponsesRequest) => conversationKey(ownInputConversation(body)), {
    reply: 'resp_',
    call: 'call_',
  }),
  'anthropic.messages': generation('anthropic.messages', (body: MessagesRequest) => conversationKey(messagesConversation(body)), {
    reply: 'msg_',
    call: 'toolu_',
  }),
  'gemini.generate_content': generateContent,
  'gemini.stream_generate_content': generateContent,
  // new-api answers countTokens as a generateContent, and a recording of one answers the other.
  'gemini.count_tokens_as_generation': generateContent,
  'openai.embeddings': embeddings('openai.embeddings', (body: EmbeddingsRequest) => embeddingKey(embeddingInputs(body), body.dimensions)),
  'gemini.embed_content': embeddings('gemini.embed_content', (body: EmbedContentRequest) =>
    embeddingKey([embeddingInput(body)], body.outputDimensionality),
  ),
  'gemini.batch_embed_contents': embeddings('gemini.batch_embed_contents', (body: BatchEmbedContentsRequest) => {
    const inputs = batchEmbeddingInputs(body)
    return embeddingKey(inputs, inputs[0]?.dimensions)
  }),
}
