import { quotaPerUnit } from '../../../world/quota-units.ts'
import type { World } from '../../../world/world.ts'
import { refused } from '../management-reply.ts'

/** One of new-api's options the world holds: its value as new-api's option table keeps it (a string), and how to change it. */
interface WorldOption {
  read(world: World): string
  /** Absent: the option cannot change here. */
  write?(world: World, value: string): void
}

const bool = (value: boolean) => String(value)

function readBool(key: string, value: string): boolean {
  if (value === 'true') return true
  if (value === 'false') return false
  throw refused(`${key} must be "true" or "false", got ${JSON.stringify(value)}`, `${key} 必须是 "true" 或 "false"`)
}

function readQuota(key: string, value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw refused(`${key} must be a whole number of quota units, got ${JSON.stringify(value)}`, `${key} 必须是非负整数`)
  }
  return Number(value)
}

function readGroups(world: World, key: string, value: string): string[] {
  let groups: unknown
  try {
    groups = JSON.parse(value)
  } catch {
    groups = undefined
  }
  if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) {
    throw refused(`${key} must be a JSON list of group names, got ${JSON.stringify(value)}`, `${key} 必须是分组名的 JSON 数组`)
  }
  const unknown = groups.find((group) => !world.findGroup(group))
  if (unknown !== undefined) throw refused(`${key}: the world has no group "${unknown}"`, `${key}：分组 "${unknown}" 不存在`)
  return groups
}

/** new-api's option keys for what `world.settings` and the groups hold, in its names. */
export const worldOptions: Record<string, WorldOption> = {
  SystemName: {
    read: (world) => world.settings.systemName,
    write: (world, value) => void (world.settings.systemName = value),
  },
  RegisterEnabled: {
    read: (world) => bool(world.settings.registerEnabled),
    write: (world, value) => void (world.settings.registerEnabled = readBool('RegisterEnabled', value)),
  },
  QuotaForNewUser: {
    read: (world) => String(world.settings.newUserQuota),
    write: (world, value) => void (world.settings.newUserQuota = readQuota('QuotaForNewUser', value)),
  },
  LogConsumeEnabled: {
    read: (world) => bool(world.settings.logConsume),
    write: (world, value) => void (world.settings.logConsume = readBool('LogConsumeEnabled', value)),
  },
  ErrorLogEnabled: {
    read: (world) => bool(world.settings.logErrors),
    write: (world, value) => void (world.settings.logErrors = readBool('ErrorLogEnabled', value)),
  },
  SelfUseModeEnabled: {
    read: (world) => bool(world.settings.selfUseMode),
    write: (world, value) => void (world.settings.selfUseMode = readBool('SelfUseModeEnabled', value)),
  },
  AutoGroups: {
    read: (world) => JSON.stringify(world.settings.autoGroups),
    write: (world, value) => void (world.settings.autoGroups = readGroups(world, 'AutoGroups', value)),
  },
  // Fixed in the gateway: shown, not changed.
  QuotaPerUnit: { read: () => String(quotaPerUnit) },
  DisplayInCurrencyEnabled: { read: () => 'true' },
  GroupRatio: {
    read: (world) => JSON.stringify(Object.fromEntries(world.groups.all().map((group) => [group.name, group.ratio]))),
  },
}
