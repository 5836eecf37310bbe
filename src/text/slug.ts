/**
 * `text` as a key or group name (or a file name) may hold it: lower case, runs of anything but
 * letters and digits as one `-`, at most `maxLength` characters.
 */
export function slugOf(text: string, fallback = 'key', maxLength = 32): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '')
  return slug || fallback
}
