import { isAllowListEntry } from '../../../auth/ip-allow-list.ts'
import type { Token, User } from '../../../world/schemas.ts'
import { usableGroups } from '../../../world/visibility.ts'
import type { World } from '../../../world/world.ts'
import { refused } from '../management-reply.ts'

// The body of `POST /api/token/` and `PUT /api/token/` as new-api's controller binds it (Go's
// JSON decoding into `model.Token`: a missing or null field is its zero value, a value of the
// wrong type a refusal), and what it checks before it writes anything.

/** The fields of new-api's token a client may send. */
export interface TokenRequest {
  id: number
  name: string
  status: number
  expiredTime: number
  remainQuota: number
  unlimitedQuota: boolean
  modelLimitsEnabled: boolean
  modelLimits: string
  allowIps: string
  group: string
  crossGroupRetry: boolean
}

/** new-api's `maxTokenQuota()`: a billion USD in quota units. */
export const maxTokenQuota = 1_000_000_000 * 500_000

/** new-api's limit on a token's name, in bytes (Go's `len`). */
const maxNameBytes = 50

/** The body as Go binds it into a token. */
export function readTokenRequest(body: Readonly<Record<string, unknown>>): TokenRequest {
  return {
    id: int(body, 'id'),
    name: str(body, 'name'),
    status: int(body, 'status'),
    expiredTime: int(body, 'expired_time', 'int64'),
    remainQuota: int(body, 'remain_quota'),
    unlimitedQuota: bool(body, 'unlimited_quota'),
    modelLimitsEnabled: bool(body, 'model_limits_enabled'),
    modelLimits: str(body, 'model_limits'),
    allowIps: str(body, 'allow_ips'),
    group: str(body, 'group'),
    crossGroupRetry: bool(body, 'cross_group_retry'),
  }
}

/** The checks new-api makes of every create and update (status-only ones too): the name's length and the quota's range. */
export function checkNameAndQuota(request: TokenRequest): void {
  if (new TextEncoder().encode(request.name).length > maxNameBytes) throw refused('Token name is too long', '令牌名称过长')
  if (request.unlimitedQuota) return
  if (request.remainQuota < 0) throw refused('Quota value cannot be negative', '额度值不能为负数')
  if (request.remainQuota > maxTokenQuota)
    throw refused(`Quota value exceeds valid range, maximum is ${maxTokenQuota}`, `额度值超出有效范围，最大值为 ${maxTokenQuota}`)
}

/** What a token's editable fields become, checked against the world. */
export type TokenFields = Pick<
  Token,
  'name' | 'expiresAt' | 'remainQuota' | 'unlimitedQuota' | 'modelLimits' | 'allowIps' | 'group' | 'crossGroupRetry'
>

/**
 * The token's fields from a request, as the world keeps them. Beyond new-api's own checks, the
 * gateway refuses what would leave the world inconsistent (docs/management-api.md): an empty
 * name, a group the user may not use, a model the world lacks, an entry of `allow_ips` that is
 * no IP address or CIDR range. `created`: an expiry of 0 is never (the column's default), as on create.
 */
export function tokenFields(world: World, user: User, request: TokenRequest, created: boolean): TokenFields {
  if (request.name === '') throw refused('Name cannot be empty', '名称不能为空')
  const group = request.group === '' ? null : request.group
  if (group !== null && group !== 'auto' && (!world.findGroup(group) || !usableGroups(user).includes(group)))
    throw refused(`No permission to access group ${group}`, `无权访问 ${group} 分组`)
  const modelLimits = request.modelLimitsEnabled ? (request.modelLimits === '' ? [] : request.modelLimits.split(',')) : null
  const unknown = modelLimits?.find((id) => !world.findModel(id))
  if (unknown !== undefined)
    throw refused(
      `model_limits names a model this gateway does not serve: ${JSON.stringify(unknown)}`,
      `model_limits 中的模型不存在：${JSON.stringify(unknown)}`,
    )
  const allowIps = allowIpsOf(request.allowIps)
  const malformed = allowIps.find((entry) => !isAllowListEntry(entry))
  if (malformed !== undefined)
    throw refused(
      `allow_ips: ${JSON.stringify(malformed)} is not an IP address or CIDR range (one per line)`,
      `allow_ips 中的 ${JSON.stringify(malformed)} 不是 IP 地址或 CIDR 网段（每行一个）`,
    )
  return {
    name: request.name,
    expiresAt: expiryOf(request.expiredTime, created),
    // new-api keeps what an unlimited token is sent, a negative quota too; the world keeps quotas from 0.
    remainQuota: Math.max(0, Math.min(request.remainQuota, maxTokenQuota)),
    unlimitedQuota: request.unlimitedQuota,
    modelLimits,
    allowIps,
    group,
    // Only an `auto` token retries across groups.
    crossGroupRetry: group === 'auto' && request.crossGroupRetry,
  }
}

/** new-api's `GetIpLimits`: spaces dropped, one entry a line, commas dropped, empty lines skipped. */
export function allowIpsOf(text: string): string[] {
  return text
    .replaceAll(' ', '')
    .split('\n')
    .map((line) => line.trim().replaceAll(',', ''))
    .filter((line) => line !== '')
}

const maxDateMs = 8.64e15

/** `expired_time` (unix seconds, -1 for never) as the world's `expiresAt`. */
function expiryOf(expiredTime: number, created: boolean): string | null {
  if (expiredTime === -1 || (created && expiredTime === 0)) return null
  if (Math.abs(expiredTime * 1000) > maxDateMs) throw refused('expired_time is out of range', 'expired_time 超出范围')
  return new Date(expiredTime * 1000).toISOString()
}

function mistyped(field: string, value: unknown, goType: string): never {
  const got = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value
  const kind = got === 'number' ? `number ${String(value)}` : got
  const error = `json: cannot unmarshal ${kind} into Go struct field tokenRequest.${field} of type ${goType}`
  throw refused(error, error)
}

function int(body: Readonly<Record<string, unknown>>, field: string, goType = 'int'): number {
  const value = body[field]
  if (value === undefined || value === null) return 0
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return mistyped(field, value, goType)
  return value
}

function str(body: Readonly<Record<string, unknown>>, field: string, goType = 'string'): string {
  const value = body[field]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') return mistyped(field, value, goType)
  return value
}

function bool(body: Readonly<Record<string, unknown>>, field: string): boolean {
  const value = body[field]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') return mistyped(field, value, 'bool')
  return value
}
