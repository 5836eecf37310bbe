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
