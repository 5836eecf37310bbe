import { refused } from '../management-reply.ts'

// new-api's words for sign-in and registration (i18n/locales/en.yaml and zh-CN.yaml), one
// refusal each: a controller's refusal is HTTP 200 `{success: false, message}`.

export const invalidParams = () => refused('Invalid parameters', '无效的参数')
export const wrongCredentials = () =>
  refused('Username or password is incorrect, or user has been banned', '用户名或密码错误，或用户已被封禁')
export const registerDisabled = () => refused('New user registration has been disabled by administrator', '管理员关闭了新用户注册')
export const userExists = () => refused('Username already exists or has been deleted', '用户名已存在，或已注销')
/** The validator's own text after new-api's prefix (`user.input_invalid`). */
export const inputInvalid = (detail: string) => refused(`Invalid input ${detail}`, `输入不合法 ${detail}`)
