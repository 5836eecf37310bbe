import { base64ToBytes, bytesToBase64 } from '../../../bytes/base64.ts'

/**
 * A vector as OpenAI sends it with `encoding_format: "base64"`: its values as little-endian
 * float32s, base64-encoded (what the openai SDK decodes with a `Float32Array`).
 */
export function float32Base64(values: readonly number[]): string {
  const bytes = new Uint8Array(values.length * 4)
  const view = new DataView(bytes.buffer)
  values.forEach((value, index) => view.setFloat32(index * 4, value, true))
  return bytesToBase64(bytes)
}

/** The values of a vector sent as base64 float32s (what a recording keeps of an OpenAI answer). */
export function float32FromBase64(text: string): number[] {
  const bytes = base64ToBytes(text)
  const view = new DataView(bytes.buffer)
  return Array.from({ length: Math.floor(bytes.length / 4) }, (_, index) => view.getFloat32(index * 4, true))
}
