/**
 * The categories of OpenAI's `omni-moderation` results, in the order it lists them. Here, below the
 * surfaces, because scenarios name them (`reply.moderation.categories`).
 */
export const moderationCategories = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const

export type ModerationCategory = (typeof moderationCategories)[number]
