import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base'
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants'
import { beforeAll, describe, expect, it } from 'vitest'
import { maxChunkLength } from '../../src/generation/pre-token-chunks.ts'
import { atOnceLength, loadTokenizer, type Tokenizer } from '../../src/generation/tokenizer.ts'

/** Deterministic filler: the same text on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32
}
const letters = (length: number, seed = 1) => {
  const random = seeded(seed)
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')
}

/** Text of every kind a prompt holds, none with a run longer than `maxChunkLength`. */
const ordinary: Record<string, string> = {
  prose:
    'The quick brown fox jumps over the lazy dog. It\'s 9:45 a.m., and we\'ve got 1,234,567 reasons — "quoted", (bracketed) — to say so!\n\n' +
    "Second paragraph:\tA TAB, CAPITALS, MixedCase, camelCaseWords and snake_case_words; HE'S LOUD. I'd, you'll, they're.",
  code: 'export function add(a: number, b: number): number {\n    return a + b // sum\n}\n\n\n\tconst x = [1, 2, 3].map((n) => n ** 2)\r\n',
  json: JSON.stringify({ city: 'Paris', unit: 'celsius', nested: { list: [1, 2.5, -3e10, null, true], empty: {} } }, null, 2),
  multilingual: 'Ça va? Größe, naïve café. Привет, мир! 你好，世界。こんにちは、世界。안녕하세요. مرحبا بالعالم. नमस्ते दुनिया. สวัสดีชาวโลก',
  emoji: 'Emoji 😀👍🏽 and flags 🇫🇷🇯🇵, a family 👨‍👩‍👧‍👦, math 𝔸𝔹ℂ and a combining e\u0301 and a lone \u0301 mark.',
  whitespace: `${' '.repeat(40)}indented\n\n\n${'\t'.repeat(8)}tabs  \r\n\r\n  trailing   `,
  digits: '3.14159265358979 and 12345678901234567890 and 0x1F and 1e-7',
  specialTokens: 'Plain text that looks like <|endoftext|> or <|im_start|>user: it is text to a real API too.',
  url: 'https://example.com/path/to/page?query=value&other=1#fragment and C:\\Users\\me\\file.txt',
  base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  // Runs as long as one chunk: still counted whole, so still exact.
  longestRunOfOneLetter: 'x'.repeat(maxChunkLength),
  longestRunOfLetters: letters(maxChunkLength),
  longestRunOfSpaces: `a${' '.repeat(maxChunkLength - 1)}b`,
}

describe('tokenizer', () => {
  let tokenizer: Tokenizer
  beforeAll(async () => {
    tokenizer = await loadTokenizer()
  })

  describe('on ordinary text', () => {
    it.each(Object.entries(ordinary))('counts %s exactly as o200k_base does', (_, text) => {
      // gpt-tokenizer's own encoder, with special-token strings taken as plain text as the gateway takes them.
      expect(tokenizer.count(text)).toBe(encode(text, { disallowedSpecial: new Set() }).length)
    })

    const wholeCharacterTokens = Object.entries(ordinary).filter(([name]) => name !== 'emoji')
    it.each(wholeCharacterTokens)('splits %s into pieces that join back to it, one per token', (_, text) => {
      const pieces = tokenizer.pieces(text)
      expect(pieces.join('')).toBe(text)
      expect(pieces).toHaveLength(tokenizer.count(text))
    })

    it('joins a token that ends inside a character with the next, so that every piece is whole characters', () => {
      const text = ordinary.emoji!
      const pieces = tokenizer.pieces(text)
      expect(pieces.join('')).toBe(text)
      expect(pieces.length).toBeLessThan(tokenizer.count(text))
      // An emoji is several byte-level tokens but one piece: a stream never sends half a character.
      expect(pieces).toContain(' 😀')
      expect(pieces.some((piece) => piece.includes('\uFFFD'))).toBe(false)
    })

    it('keeps a byte-order mark in the tokens o200k_base has for it', () => {
      // o200k_base has '\uFEFFusing' as one token. gpt-tokenizer's encoder never reaches it: it
      // decodes candidate pairs with a TextDecoder, which drops a leading byte-order mark.
      expect(tokenizer.pieces('\uFEFFusing System;')).toEqual(['\uFEFFusing', ' System', ';'])
    })

    it('splits at the same places as o200k_base', () => {
      const text = ordinary.prose!
      const tokens = encode(text)
      // Pure ASCII: every token is whole characters, so decoding token by token gives the pieces.
      expect(tokenizer.pieces(text)).toEqual(tokens.map((token) => decode([token])))
    })
  })

  describe('on runs longer than a chunk', () => {
    const long: Record<string, string> = {
      oneLetter: 'x'.repeat(10 * maxChunkLength + 5),
      letters: letters(10 * maxChunkLength + 5),
      spaces: `a${' '.repeat(5 * maxChunkLength)}b`,
      digitsAndLetters: `${'7'.repeat(3 * maxChunkLength)}${letters(3 * maxChunkLength)}`,
      // A chunk boundary falls between the halves of a surrogate pair: the cut moves before it.
      astral: `a${'😀'.repeat(3 * maxChunkLength)}`,
      cjk: '中文字符测试'.repeat(maxChunkLength),
    }

    it.each(Object.entries(long))('counts %s as its chunks of maxChunkLength characters', (_, text) => {
      expect(tokenizer.count(text)).toBe(chunkCounts(tokenizer, text))
    })

    it.each(Object.entries(long))('splits %s into pieces that join back to it, one per token', (_, text) => {
      const pieces = tokenizer.pieces(text)
      expect(pieces.join('')).toBe(text)
      expect(pieces).toHaveLength(tokenizer.count(text))
      expect(pieces.some((piece) => piece.includes('\uFFFD'))).toBe(false)
    })

    it('counts 1 MiB of one letter as o200k_base does, 8 letters a token, in linear time', () => {
      // o200k_base's own encoder takes minutes over this and then overflows the stack.
      expect(tokenizer.count('x'.repeat(2 ** 20))).toBe(2 ** 17)
    })

    it('stays within a fraction of a percent of o200k_base on a run of random letters', () => {
      const text = letters(8 * maxChunkLength, 7)
      const exact = encode(text).length
      expect(Math.abs(tokenizer.count(text) - exact) / exact).toBeLessThan(0.005)
    })
  })

  describe('truncate', () => {
    const texts = { ...ordinary, longLetters: letters(5 * maxChunkLength, 3), longOneLetter: 'x'.repeat(5 * maxChunkLength) }

    it.each(Object.entries(texts))('cuts %s to the pieces that fit, and keeps it whole when it fits', (_, text) => {
      const count = tokenizer.count(text)
      expect(tokenizer.truncate(text, count)).toBe(text)
      expect(tokenizer.truncate(text, count + 10)).toBe(text)
      expect(tokenizer.truncate(text, 0)).toBe('')
      const pieceEnds = new Set<number>()
      let end = 0
      for (const piece of tokenizer.pieces(text)) pieceEnds.add((end += piece.length))
      for (const limit of [1, 2, Math.floor(count / 3), count - 1]) {
        const cut = tokenizer.truncate(text, limit)
        expect(text.startsWith(cut)).toBe(true)
        expect(tokenizer.count(cut)).toBeLessThanOrEqual(limit)
        // Whole pieces only: the cut is where some piece ends.
        expect(pieceEnds.has(cut.length)).toBe(true)
      }
    })

    // Not of a run of random letters: merged on its own, the start of a pre-token can take fewer tokens.
    it('keeps exactly `limit` tokens of ASCII text, as counted', () => {
      for (const text of [ordinary.prose!, ordinary.code!, texts.longOneLetter]) {
        for (const limit of [1, 7, 40]) expect(tokenizer.count(tokenizer.truncate(text, limit))).toBe(limit)
      }
    })
  })

  describe('countAll', () => {
    it('counts a short prompt at once, as the sum of its texts', () => {
      const texts = [ordinary.prose!, ordinary.code!, '']
      expect(tokenizer.countAll(texts)).toBe(texts.reduce((sum, text) => sum + tokenizer.count(text), 0))
    })

    it('counts a long prompt to the same total, letting timers run before it is done', async () => {
      const texts = [letters(3 * atOnceLength, 5), ordinary.prose!.repeat(200), 'x'.repeat(atOnceLength)]
      const order: string[] = []
      setTimeout(() => order.push('timer'), 0)
      const counting = tokenizer.countAll(texts)
      expect(counting).toBeInstanceOf(Promise)
      const total = await counting
      order.push('counted')
      expect(total).toBe(texts.reduce((sum, text) => sum + tokenizer.count(text), 0))
      expect(order).toEqual(['timer', 'counted'])
    })

    it('lets the event loop in between slices of a 256 KiB count, not only before it', async () => {
      let turns = 0
      let counting = true
      const tick = () => {
        turns++
        if (counting) setTimeout(tick, 0)
      }
      setTimeout(tick, 0)
      await tokenizer.countAll([letters(2 ** 18, 9)])
      counting = false
      // Random letters, eight times the length counted at once: dozens of slices of sliceMs. One
      // turn would only be the one before the count.
      expect(turns).toBeGreaterThan(2)
    })
  })
})

/** The count of `text` with each pre-token longer than a chunk counted chunk by chunk (the documented approximation). */
function chunkCounts(tokenizer: Tokenizer, text: string): number {
  let total = 0
  for (const [preToken] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    for (let start = 0; start < preToken.length;) {
      let end = Math.min(start + maxChunkLength, preToken.length)
      // Never between the halves of a surrogate pair.
      if (end < preToken.length && /[\uD800-\uDBFF]/.test(preToken[end - 1]!)) end--
      total += tokenizer.count(preToken.slice(start, end))
      start = end
    }
  }
  return total
}
