// `btoa` and `atob` speak binary strings, which are built in slices: spreading a whole array into
// one `String.fromCharCode` call can exceed the engine's limit on arguments.
const slice = 0x2000

/** Bytes as base64, as JSON carries them (an image's `b64_json`, audio deltas, base64 vectors). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let at = 0; at < bytes.length; at += slice) binary += String.fromCharCode(...bytes.subarray(at, at + slice))
  return btoa(binary)
}

/** The bytes of base64 text. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
