import { refused } from '../management-reply.ts'

export const nameLength = () => refused('Redemption code name length must be between 1-20', '兑换码名称长度必须在1-20之间')
export const countPositive = () => refused('Redemption code count must be greater than 0', '兑换码个数必须大于0')
export const countMax = () => refused('Maximum 100 redemption codes can be generated at once', '一次兑换码批量生成的个数不能大于 100')
export const expireTimeInvalid = () => refused('Expiration time cannot be earlier than current time', '过期时间不能早于当前时间')
export const quotaNegative = () => refused('Quota cannot be negative!', '额度不能为负数！')
/** `model.GetRedemptionById(0)`'s error, which new-api passes on. */
export const idEmpty = () => refused('id 为空！', 'id 为空！')
