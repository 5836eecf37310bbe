import { refused } from '../management-reply.ts'

// new-api's words for the administration routes' refusals (i18n/locales/en.yaml and zh-CN.yaml),
// so that each route names the refusal rather than spelling it.

export const invalidParams = () => refused('Invalid parameters', '无效的参数')
export const userNotExists = () => refused('User does not exist', '用户不存在')
export const noPermissionSameLevel = () =>
  refused('No permission to access users of same or higher level', '无权获取同级或更高等级用户的信息')
export const noPermissionHigherLevel = () =>
  refused('No permission to update users of same or higher permission level', '无权更新同权限等级或更高权限等级的用户信息')
export const cannotCreateHigherLevel = () =>
  refused('Cannot create users with permission level equal to or higher than yourself', '无法创建权限大于等于自己的用户')
export const cannotDeleteRoot = () => refused('Cannot delete super administrator account', '不能删除超级管理员账户')
export const cannotDisableRoot = () => refused('Cannot disable super administrator user', '无法禁用超级管理员用户')
export const cannotDemoteRoot = () => refused('Cannot demote super administrator user', '无法降级超级管理员用户')
export const alreadyAdmin = () => refused('This user is already an administrator', '该用户已经是管理员')
export const alreadyCommon = () => refused('This user is already a common user', '该用户已经是普通用户')
export const adminCannotPromote = () =>
  refused('Regular administrators cannot promote other users to administrator', '普通管理员用户无法提升其他用户为管理员')
export const userExists = () => refused('Username already exists or has been deleted', '用户名已存在，或已注销')
export const quotaChangeZero = () => refused('Quota change must be greater than 0', '额度变更值必须大于 0')
/** gorm's answer for a row that is not there, as new-api passes it on. */
export const recordNotFound = () => refused('record not found', 'record not found')

/** `strconv.Atoi`'s error for a path id that is not a number, as new-api passes it on. */
export function parseId(value: string): number {
  if (!/^[+-]?\d+$/.test(value)) {
    const error = `strconv.Atoi: parsing ${JSON.stringify(value)}: invalid syntax`
    throw refused(error, error)
  }
  return Number(value)
}

/** go-playground/validator's words for a field over or under its length, inside new-api's "Invalid input". */
export function inputInvalid(struct: string, field: string, tag: 'min' | 'max') {
  const error = `Key: '${struct}.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`
  return refused(`Invalid input ${error}`, `输入不合法 ${error}`)
}
