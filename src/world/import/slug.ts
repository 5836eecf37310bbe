/** `text` as a key or group name may hold it: lower case, runs of anything but letters and digits as one `-`. */
export function slugOf(text: string, fallback = 'key'): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '')
  return slug || fallback
}
