/**
 * new-api's `dto.Usage` as it serialises it when it rewrites an answer (embeddings from a Gemini
 * channel, rerank): every field without `omitempty` is there, zero where nothing filled it.
 */
export function newApiUsage(promptTokens: number) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: 0,
    total_tokens: promptTokens,
    prompt_tokens_details: { cached_tokens: 0, text_tokens: 0, audio_tokens: 0, image_tokens: 0 },
    completion_tokens_details: { text_tokens: 0, audio_tokens: 0, image_tokens: 0, reasoning_tokens: 0 },
    input_tokens: 0,
    output_tokens: 0,
    input_tokens_details: null,
    claude_cache_creation_5_m_tokens: 0,
    claude_cache_creation_1_h_tokens: 0,
  }
}
