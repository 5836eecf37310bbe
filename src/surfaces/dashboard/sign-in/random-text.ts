// The random strings sign-in hands out, made with WebCrypto so the core stays browser-safe.

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` characters from new-api's key alphabet (letters and digits), as its `GenerateRandomKey` makes them. */
export function randomAlphanumeric(length: number): string {
  // 248 is the largest multiple of 62 below 256: bytes above it are skipped so every character is equally likely.
  let text = ''
  while (text.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && text.length < length) text += alphanumeric[byte % 62]
    }
  }
  return text
}

/** `bytes` random bytes as unpadded base64url. */
export function randomBase64Url(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** Text or bytes as unpadded base64url, as JWTs spell their parts. */
export function base64Url(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}
