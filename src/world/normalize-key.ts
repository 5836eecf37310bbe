/**
 * The comparable form of a presented or stored API key: the gateway strips a `Bearer `/`bearer `
 * scheme and then a leading `sk-`, so `sk-abc`, `abc` and `Bearer sk-abc` are one key.
 */
export function normalizeKey(raw: string): string {
  let key = raw.trim()
  if (key.startsWith('Bearer ') || key.startsWith('bearer ')) key = key.slice(7).trim()
  if (key.startsWith('sk-')) key = key.slice(3)
  return key
}
