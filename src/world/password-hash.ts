// How the world keeps passwords: never as written. A password given in a world file is kept as
// "sha256$<salt>$<hash>" (WebCrypto, so the core stays browser-safe and a world loads fast); a
// bcrypt hash copied from a new-api database is checked with bcryptjs, loaded on first use only.

const encoder = new TextEncoder()

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  return bytes
}

async function sha256(salt: Uint8Array<ArrayBuffer>, password: string): Promise<string> {
  const text = encoder.encode(password)
  const input = new Uint8Array(salt.length + text.length)
  input.set(salt)
  input.set(text, salt.length)
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', input)))
}

/**
 * The form the world keeps `password` in: "sha256$<salt hex>$<hex of SHA-256(salt + password)>".
 * The salt is random unless given (the build hashes the default world's documented passwords with
 * salts of its own, so that building the same sources gives the same files).
 */
export async function hashPassword(
  password: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(16)),
): Promise<string> {
  return `sha256$${toHex(salt)}$${await sha256(salt, password)}`
}

/** Whether `password` is the one `hash` (this module's form, or bcrypt's) was made from. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith('sha256$')) {
    const [, salt = '', expected] = hash.split('$')
    return (await sha256(fromHex(salt), password)) === expected
  }
  const { compare } = await import('bcryptjs')
  return compare(password, hash)
}
