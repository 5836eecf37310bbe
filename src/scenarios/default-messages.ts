import type { ErrorCode } from '../errors/error-codes.ts'

/** What a scenario's failure says when the scenario does not say: the wording clients meet in production. */
export const defaultMessages: Record<ErrorCode, string> = {
  invalid_api_key: 'Incorrect API key provided.',
  insufficient_quota: 'You exceeded your current quota, please check your plan and billing details.',
  rate_limit_exceeded: 'Rate limit reached for requests. Please try again later.',
  model_not_found: 'The model does not exist or you do not have access to it.',
  invalid_request_error: 'The request was invalid.',
  context_length_exceeded: "This model's maximum context length was exceeded. Please reduce the length of the messages.",
  invalid_url: 'Invalid URL.',
  internal_error: 'The server had an error while processing your request.',
  upstream_error: 'The upstream model provider is temporarily unavailable. Please retry.',
  scenario_mismatch: 'The request did not match the scenario script.',
}
