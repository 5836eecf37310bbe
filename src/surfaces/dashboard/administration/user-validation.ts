import { inputInvalid } from './admin-messages.ts'

// new-api's `model.User` validate tags: username and display name at most 20 characters, a
// password from 8 to 20; go-playground/validator counts characters, not bytes.

const length = (text: string) => [...text].length

export function checkUserFields(fields: { username: string; password?: string; displayName?: string }): void {
  if (length(fields.username) > 20) throw inputInvalid('User', 'Username', 'max')
  if (fields.password !== undefined) {
    if (length(fields.password) < 8) throw inputInvalid('User', 'Password', 'min')
    if (length(fields.password) > 20) throw inputInvalid('User', 'Password', 'max')
  }
  if (fields.displayName !== undefined && length(fields.displayName) > 20) throw inputInvalid('User', 'DisplayName', 'max')
}
