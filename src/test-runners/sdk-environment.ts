/**
 * The environment variables the official SDKs read when built without options, pointing them at
 * `url` with `apiKey`: openai (`OPENAI_BASE_URL`, with `/v1`), @anthropic-ai/sdk
 * (`ANTHROPIC_BASE_URL`, without) and @google/genai (`GOOGLE_GEMINI_BASE_URL`, without
 * `/v1beta`). `undefined` removes a variable that would win over these (a real Google key in
 * `GOOGLE_API_KEY`, an `ANTHROPIC_AUTH_TOKEN`, Vertex AI switched on).
 */
export function sdkEnvironment(url: string, apiKey: string): Record<string, string | undefined> {
  return {
    OPENAI_BASE_URL: `${url}/v1`,
    OPENAI_API_KEY: apiKey,
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: apiKey,
    ANTHROPIC_AUTH_TOKEN: undefined,
    GOOGLE_GEMINI_BASE_URL: url,
    GEMINI_API_KEY: apiKey,
    GOOGLE_API_KEY: undefined,
    GOOGLE_GENAI_USE_VERTEXAI: undefined,
  }
}
