import type { Language, Profile } from './profile-type.ts'

/**
 * The language of a request's messages: English, unless the profile follows `Accept-Language` as
 * new-api does (`zh-TW…` is traditional, any other `zh…` simplified, anything else English).
 */
export function requestLanguage(profile: Profile, request: Request): Language {
  if (profile.language === 'en') return 'en'
  const asked = request.headers.get('accept-language')?.trim().toLowerCase() ?? ''
  if (asked.startsWith('zh-tw')) return 'zh-TW'
  if (asked.startsWith('zh')) return 'zh-CN'
  return 'en'
}
