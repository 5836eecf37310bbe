/** Audio as new-api counts it: 1000 tokens a minute, every started second counted. */
export function audioTokens(seconds: number): number {
  return Math.round((Math.ceil(seconds) / 60) * 1000)
}
