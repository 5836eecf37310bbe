import { optionalUserAuth } from '../../auth/user-auth.ts'
import { json } from '../../pipeline/reply.ts'
import { defineRoute } from '../../pipeline/route.ts'
import type { Model } from '../../world/schemas.ts'
import { autoGroupsOf, usableGroups } from '../../world/visibility.ts'

// The constants the gateway's pricing page compares to know its cached copy is current.
const pricingVersion = 'a42d372ccf0b5dd13ecf71203521f9d2'
// What new-api charges a model it has no ratio for (`ratio_setting.GetModelRatio`).
const unsetModelRatio = 37.5

// common/endpoint_defaults.go: the path each endpoint type is called on.
const endpointPaths: Readonly<Record<string, string>> = {
  openai: '/v1/chat/completions',
  'openai-response': '/v1/responses',
  'openai-response-compact': '/v1/responses/compact',
  anthropic: '/v1/messages',
  gemini: '/v1beta/models/{model}:generateContent',
  'jina-rerank': '/v1/rerank',
  'image-generation': '/v1/images/generations',
  embeddings: '/v1/embeddings',
}

/**
 * `GET /api/pricing`: every model enabled in a group the caller may use, with its price, the
 * groups that enable it and its endpoint types, and those groups' ratios. Anyone may call it;
 * with a valid access token it is that user's groups, else every group. The gateway's body: a Go
 * map (keys sorted) around its `Pricing` structs (fields in their declared order).
 */
export const pricingRoute = defineRoute({
  id: 'dashboard.pricing',
  method: 'GET',
  path: '/api/pricing',
  surface: 'dashboard',
  auth: optionalUserAuth,
  banner: 'model prices, group ratios and endpoint types (public)',
  handle({ runtime: { world }, auth: { user } }) {
    const groups = user ? usableGroups(user).flatMap((name) => world.findGroup(name) ?? []) : world.groups.all()
    const data = world.models
      .all()
      .map((model) =>
        pricingOf(
          model,
          groups.filter((group) => group.models.includes(model.id)).map((group) => group.name),
        ),
      )
      .filter((entry) => entry.enable_groups.length > 0)
    const endpointTypes = new Set(data.flatMap((entry) => entry.supported_endpoint_types))
    const byName = <T>(entries: [string, T][]) => Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    return json({
      auto_groups: user ? autoGroupsOf(world, user) : world.settings.autoGroups,
      data,
      group_ratio: byName(groups.map((group) => [group.name, group.ratio])),
      pricing_version: pricingVersion,
      success: true,
      supported_endpoint: byName(
        [...endpointTypes].flatMap((type) => (endpointPaths[type] ? [[type, { path: endpointPaths[type], method: 'POST' }]] : [])),
      ),
      usable_group: byName(groups.map((group) => [group.name, group.description])),
      vendors: [],
    })
  },
})

/** One model's `Pricing` entry; a model without pricing shows the ratio new-api falls back to. */
function pricingOf(model: Model, enableGroups: string[]) {
  const { pricing } = model
  const perCall = pricing !== null && 'pricePerCall' in pricing
  return {
    model_name: model.id,
    ...(model.description ? { description: model.description } : {}),
    quota_type: perCall ? 1 : 0,
    model_ratio: perCall ? 0 : (pricing?.ratio ?? unsetModelRatio),
    model_price: perCall ? pricing.pricePerCall : 0,
    owner_by: model.ownedBy,
    completion_ratio: perCall ? 0 : (pricing?.completionRatio ?? 1),
    enable_groups: enableGroups,
    supported_endpoint_types: model.endpointTypes as readonly string[],
    wallet_available: true,
    subscription_available: true,
  }
}
