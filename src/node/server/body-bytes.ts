/** Bodies this long and longer are kept as bytes: below it, encoding costs less than the check. */
const shortest = 256
/** Nor are bodies longer than this kept: the last one stays in memory until another replaces it. */
const longest = 64 * 1024

let last: { text: string; bytes: Buffer } | undefined

/**
 * A complete body as the UTF-8 bytes Node would write for it, the last one kept: a client asks for
 * the same answer again and again (a key's model list, the same reply within a second), and
 * encoding a few kilobytes of text was a seventh of the CPU of a model list. The bytes are the ones
 * Node writes for the text (lone surrogates replaced alike); a body that differs from the last is
 * encoded once more and replaces it.
 */
export function bodyBytes(text: string): string | Buffer {
  if (last !== undefined && last.text === text) return last.bytes
  if (text.length < shortest || text.length > longest) return text
  last = { text, bytes: Buffer.from(text, 'utf8') }
  return last.bytes
}
