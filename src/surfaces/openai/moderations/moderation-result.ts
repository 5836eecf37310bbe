import { seededRandom, stableHash } from '../../../random/stable-hash.ts'
import { moderationCategories, type ModerationCategory } from '../../../scenarios/moderation-categories.ts'
import type { ModerationInput } from './moderations-request.ts'

// Words that flag a text, so a client's "flagged" path can be reached without a scenario. Matched
// as whole words, case-insensitive; a scenario's `reply.moderation` replaces them.
const triggers: Partial<Record<ModerationCategory, readonly string[]>> = {
  harassment: ['idiot', 'stupid', 'loser', 'moron'],
  'harassment/threatening': ['threaten', 'threatening'],
  illicit: ['counterfeit', 'shoplift', 'launder'],
  'self-harm': ['suicide', 'self-harm'],
  violence: ['kill', 'murder', 'stab', 'shoot', 'attack'],
}
// The categories OpenAI also reads images for; the rest apply to text only.
const imageCategories = new Set<ModerationCategory>([
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'violence',
  'violence/graphic',
])

/** The categories a text trips by its words. */
export function triggeredCategories(text: string): ModerationCategory[] {
  const words = new Set(text.toLowerCase().match(/[a-z-]+/g) ?? [])
  return moderationCategories.filter((category) => triggers[category]?.some((word) => words.has(word)))
}

/**
 * An `omni-moderation` result for one input: `flagged` categories score 0.99, the rest a small
 * deterministic score; `category_applied_input_types` says which inputs each category read.
 */
export function moderationResult(input: ModerationInput, flagged: readonly ModerationCategory[], seed: string) {
  const random = seededRandom(stableHash(`${seed}\n${input.text}`))
  const categories: Record<string, boolean> = {}
  const scores: Record<string, number> = {}
  const applied: Record<string, string[]> = {}
  for (const category of moderationCategories) {
    const hit = flagged.includes(category)
    categories[category] = hit
    scores[category] = hit ? 0.99 : Math.round(random() * 1e-3 * 1e9) / 1e9
    applied[category] = input.image && imageCategories.has(category) ? ['text', 'image'] : ['text']
  }
  return { flagged: flagged.length > 0, categories, category_scores: scores, category_applied_input_types: applied }
}
