import { messagesReader } from './anthropic-messages.ts'
import type { AnswerReader } from './collapsed.ts'
import { geminiEmbeddingsReader, openaiEmbeddingsReader } from './embeddings.ts'
import { generateReader } from './gemini-generate.ts'
import { chatReader } from './openai-chat.ts'
import { responsesReader } from './openai-responses.ts'

/** How each replayable route family's answers read back as content (see replayable-routes.ts). */
export const answerReaders: Readonly<Record<string, AnswerReader>> = {
  'openai.chat_completions': chatReader,
  'openai.responses': responsesReader,
  'anthropic.messages': messagesReader,
  'gemini.generate_content': generateReader,
  'openai.embeddings': openaiEmbeddingsReader,
  'gemini.embed_content': geminiEmbeddingsReader,
  'gemini.batch_embed_contents': geminiEmbeddingsReader,
}
