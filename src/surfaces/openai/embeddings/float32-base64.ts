/**
 * A vector as OpenAI sends it with `encoding_format: "base64"`: its values as little-endian
 * float32s, base64-encoded (what the openai SDK decodes with a `Float32Array`).
 */
export function float32Base64(values: readonly number[]): string {
  const bytes = new Uint8Array(values.length * 4)
  const view = new DataView(bytes.buffer)
  values.forEach((value, index) => view.setFloat32(index * 4, value, true))
  let binary = ''
  // In slices: spreading a whole 12 KB vector into one call can exceed the engine's argument limit.
  for (let start = 0; start < bytes.length; start += 0x2000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x2000))
  return btoa(binary)
}

/** The values of a vector sent as base64 float32s (what a recording keeps of an OpenAI answer). */
export function float32FromBase64(text: string): number[] {
  const binary = atob(text)
  const view = new DataView(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i))
  return Array.from({ length: Math.floor(binary.length / 4) }, (_, index) => view.getFloat32(index * 4, true))
}
