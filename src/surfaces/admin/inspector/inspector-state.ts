import { maskKey } from '../../../auth/mask-key.ts'
import { groupLimit, keyLimit, userLimit } from '../../../limits/applied-limits.ts'
import type { AppliedLimit } from '../../../limits/rate-limiter.ts'
import type { GatewayRuntime } from '../../../pipeline/gateway-runtime.ts'
import { builtInScenarioNames, builtInScenarios } from '../../../scenarios/built-in-scenarios.ts'
import { describeMatch } from '../../../scenarios/scenario-engine.ts'
import { describeKeys } from '../../../world/describe-keys.ts'

/** A rate limit and its window as it stands. */
export interface WindowView {
  requests: number
  windowMs: number
  /** Requests counted in the window now. */
  used: number
  /** When the oldest of them leaves the window, in ms; absent when it is empty. */
  resetMs?: number
}

/**
 * What the inspector's state panel shows: the gateway clock; the keys (masked) with their state,
 * quota left and rate-limit window; the users' quota and windows; the groups' windows; the active
 * scenarios with their report; the built-in scenarios the page can apply.
 */
export function inspectorState(runtime: GatewayRuntime) {
  const { world, rateLimiter } = runtime
  const now = runtime.clock.now()
  const windowOf = (applied: AppliedLimit): WindowView => ({
    requests: applied.limit.requests,
    windowMs: applied.limit.windowMs,
    ...rateLimiter.usage(applied, now),
  })
  const keys = describeKeys(world, now).keys.map((described) => {
    const token = world.findToken(described.key)
    const masked = maskKey(described.key)
    return {
      key: masked,
      name: described.name,
      owner: described.owner,
      state: described.state,
      group: described.group,
      quota: described.quota,
      usedQuota: token?.usedQuota ?? 0,
      models: described.models,
      ...(token?.rateLimit && { rateLimit: windowOf(keyLimit(token, masked, token.rateLimit)) }),
    }
  })
  const users = world.users.all().map((user) => ({
    id: user.id,
    username: user.username,
    status: user.status,
    group: user.group,
    quota: user.quota,
    usedQuota: user.usedQuota,
    requestCount: user.requestCount,
    ...(user.rateLimit && { rateLimit: windowOf(userLimit(user, user.rateLimit)) }),
  }))
  const report = runtime.scenarios.report()
  const groups = world.groups
    .all()
    .flatMap((group) => (group.rateLimit ? [{ name: group.name, rateLimit: windowOf(groupLimit(group, group.rateLimit)) }] : []))
  return {
    clock: { now, iso: new Date(now).toISOString(), offsetMs: now - Date.now() },
    profile: runtime.profile.name,
    keys,
    users,
    groups,
    scenarios: {
      names: runtime.scenarios.names,
      // Each step left with its `when` in words, as reports and assertDone() say it.
      report: { ...report, pendingSteps: report.pendingSteps.map((step) => ({ ...step, described: describeMatch(step.when) })) },
      builtIn: builtInScenarioNames.map((name) => ({ name, description: descriptionOf(builtInScenarios[name]) })),
    },
    // The replay's report (`GET /__mock/replay`): its unused recordings and the requests that
    // matched none, with the nearest recordings and what differs; null when nothing is replayed.
    replay: replayReportOf(runtime),
    detailLimit: runtime.details.limit,
  }
}

function descriptionOf(scenario: unknown): string {
  const description = (scenario as { description?: unknown } | undefined)?.description
  return typeof description === 'string' ? description : ''
}

function replayReportOf(runtime: GatewayRuntime): object | null {
  const { report } = runtime.control.replay()
  const { recordings } = report as { recordings?: readonly string[] }
  return recordings === undefined || recordings.length === 0 ? null : report
}
