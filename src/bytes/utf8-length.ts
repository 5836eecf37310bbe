/**
 * The length in bytes of `text` encoded as UTF-8 (as `TextEncoder` encodes it: a lone surrogate
 * becomes U+FFFD, three bytes), counted without encoding it.
 */
export function utf8Length(text: string): number {
  let length = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) length += 1
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // Two UTF-16 units, four bytes.
      length += 2
      i++
    } else length += 2
  }
  return length
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
