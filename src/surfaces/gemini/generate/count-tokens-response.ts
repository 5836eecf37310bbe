import { promptTokensDetails } from './generate-response.ts'

/** `countTokens`: the same prompt count that `usageMetadata.promptTokenCount` reports for the same request. */
export function countTokensResponse(totalTokens: number) {
  return { totalTokens, promptTokensDetails: promptTokensDetails(totalTokens) }
}
