import { concat } from '../bytes/concat-bytes.ts'

/** An RGB colour, 0-255 each. */
export type Rgb = readonly [number, number, number]

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * A picture as a PNG file (8-bit RGB): a vertical gradient from `top` to `bottom` with a
 * rectangle of `accent` in its middle, enough to tell two images apart at a glance. Written by
 * hand: the container is a few chunks, and the platform's `CompressionStream('deflate')` (in
 * Node and every browser) gives the zlib stream PNG stores, so no dependency is needed.
 */
export async function paintPng(width: number, height: number, top: Rgb, bottom: Rgb, accent: Rgb): Promise<Uint8Array> {
  // Each row: its filter byte, then its pixels. Filter 1 (Sub) stores each pixel as its
  // difference from the left one, so flat runs are zeros and compress to almost nothing.
  const stride = 1 + width * 3
  const raw = new Uint8Array(stride * height)
  const [x0, x1] = [Math.floor(width / 3), Math.ceil((2 * width) / 3)]
  const [y0, y1] = [Math.floor(height / 3), Math.ceil((2 * height) / 3)]
  // Each row is then its colour at the left edge and the changes at the rectangle's sides; the
  // rest stays zero, so painting costs a few writes a row.
  const put = (at: number, to: readonly number[], from: readonly number[]) => {
    for (let c = 0; c < 3; c++) raw[at + c] = (to[c]! - from[c]!) & 0xff
  }
  const none = [0, 0, 0]
  for (let y = 0; y < height; y++) {
    const t = height === 1 ? 0 : y / (height - 1)
    const back = [0, 1, 2].map((c) => Math.round(top[c]! + (bottom[c]! - top[c]!) * t))
    const row = y * stride
    raw[row] = 1
    const inBand = y >= y0 && y < y1 && x1 > x0
    put(row + 1, inBand && x0 === 0 ? accent : back, none)
    if (inBand && x0 > 0) put(row + 1 + x0 * 3, accent, back)
    if (inBand && x1 < width) put(row + 1 + x1 * 3, back, accent)
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, deflate, adaptive filtering, no interlace
  return concat([new Uint8Array(signature), chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', new Uint8Array(0))])
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

let table: Uint32Array | undefined

function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      table[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
