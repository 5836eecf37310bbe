import { userAuth } from '../../../auth/user-auth.ts'
import { json } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { Model } from '../../../world/schemas.ts'

// new-api's channel types for the vendors the world's models name (constant/channel.go); any
// other model is served as an OpenAI-compatible channel's.
const channelTypes: Readonly<Record<string, number>> = { openai: 1, claude: 14, anthropic: 14, gemini: 24, 'google gemini': 24 }

/**
 * `GET /api/models`: new-api's `DashboardListModels`, the models each channel type offers
 * (`{success, data: {"<channel type>": [model ids]}}`, no `message`), which its dashboard reads
 * to fill a channel's model list. new-api answers its adaptors' built-in lists whatever channels
 * exist; the mock, which has no channels, answers the world's models under their vendor's type.
 */
export const channelModelsRoute = defineRoute({
  id: 'dashboard.channel_models',
  method: 'GET',
  path: '/api/models',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the world's models by channel type",
  handle({ runtime: { world } }) {
    const byType = new Map<number, string[]>()
    for (const model of world.models.all()) {
      const type = channelTypeOf(model)
      byType.set(type, [...(byType.get(type) ?? []), model.id])
    }
    return json({ success: true, data: Object.fromEntries([...byType].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1))) })
  },
})

function channelTypeOf(model: Model): number {
  return channelTypes[model.ownedBy.toLowerCase()] ?? 1
}
