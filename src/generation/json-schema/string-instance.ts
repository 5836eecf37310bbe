import { stableHash } from '../stable-hash.ts'
import { patternExample } from './pattern-example.ts'
import { numeric, type Schema } from './resolve-schema.ts'

/**
 * A string the schema accepts: a value of its `format` (date-time, date, time, duration, email,
 * uri/url, uuid, ipv4, ipv6, hostname, …), else `text` (`mock <name>` unless the caller passes
 * the reply), numbered after the first (`mock tag 2`) so array items differ; cut or padded to
 * `minLength`/`maxLength` (in code points); for a `pattern`, the first of these candidates and
 * every known format's value that matches it, else a string built from the pattern.
 */
export function stringInstance(schema: Schema, name: string, variant: number, text: string | undefined): string {
  const format = typeof schema.format === 'string' ? schema.format.toLowerCase() : undefined
  const plain = (text ?? `mock ${name || 'value'}`) + (variant > 0 ? ` ${variant + 1}` : '')
  const preferred = (format !== undefined ? formatValue(format, name, variant) : undefined) ?? plain
  const minLength = numeric(schema.minLength) ?? 0
  const maxLength = numeric(schema.maxLength) ?? Number.POSITIVE_INFINITY
  const fitted = fitLength(preferred, minLength, maxLength)
  if (typeof schema.pattern !== 'string') return fitted

  const matches = compile(schema.pattern)
  if (!matches) return fitted
  const lengthOk = (v: string) => codePoints(v) >= minLength && codePoints(v) <= maxLength
  const fromPattern = patternExample(schema.pattern)
  const candidates = [fitted, preferred, plain, ...Object.keys(formats).map((f) => formatValue(f, name, variant)!)]
  if (fromPattern !== undefined) candidates.push(fromPattern, fitLength(fromPattern, minLength, maxLength))
  return candidates.find((v) => lengthOk(v) && matches(v)) ?? candidates.find(matches) ?? fromPattern ?? fitted
}

/** Strings that look like what a field of each format holds; `variant` makes items of an array differ. */
const formats: Record<string, (name: string, variant: number) => string> = {
  'date-time': (_, v) => `${day(v)}T12:00:00Z`,
  date: (_, v) => day(v),
  time: (_, v) => `12:${two(v % 60)}:00Z`,
  duration: (_, v) => `P${v + 1}D`,
  email: (_, v) => `mock${v > 0 ? v + 1 : ''}@example.com`,
  uri: (name, v) => `https://example.com/${slug(name)}${v > 0 ? `/${v + 1}` : ''}`,
  hostname: (_, v) => (v > 0 ? `host${v + 1}.example.com` : 'example.com'),
  ipv4: (_, v) => `192.0.2.${(v % 254) + 1}`,
  ipv6: (_, v) => `2001:db8::${(v + 1).toString(16)}`,
  uuid: (name, v) => uuid(`${name}:${v}`),
  'json-pointer': (name) => `/${slug(name)}`,
  'relative-json-pointer': () => '0',
  regex: () => '^mock$',
  byte: () => 'bW9jaw==',
}

const aliases: Record<string, string> = {
  url: 'uri',
  'uri-reference': 'uri',
  iri: 'uri',
  'iri-reference': 'uri',
  'idn-email': 'email',
  'idn-hostname': 'hostname',
  guid: 'uuid',
  base64: 'byte',
}

function formatValue(format: string, name: string, variant: number): string | undefined {
  if (format === 'uri-template') return 'https://example.com/{id}'
  const make = formats[aliases[format] ?? format]
  return make?.(name, variant)
}

function day(variant: number): string {
  return new Date(Date.UTC(2024, 0, 1 + variant)).toISOString().slice(0, 10)
}

function two(n: number): string {
  return String(n).padStart(2, '0')
}

function slug(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return cleaned || 'item'
}

/** A version-4-shaped UUID derived from `seed`: the same field gets the same one. */
function uuid(seed: string): string {
  const hex = (stableHash(seed) + stableHash(seed, 1) + stableHash(seed, 2)).slice(0, 32)
  const variantNibble = '89ab'[Number.parseInt(hex[16]!, 16) % 4]
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variantNibble}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

function codePoints(value: string): number {
  return [...value].length
}

// Longer minimum lengths are not met: a reply that size would only be noise.
const maxPadding = 65_536

/** `value` cut to `max` code points, or repeated until it is `min` long. */
function fitLength(value: string, min: number, max: number): string {
  const chars = [...value]
  if (chars.length > max) return chars.slice(0, Math.max(0, max)).join('')
  if (chars.length >= min || min > maxPadding) return value
  const filler = [...(value === '' ? 'x' : `${value} `)]
  const out = [...chars]
  while (out.length < min) out.push(filler[(out.length - chars.length) % filler.length]!)
  return out.join('')
}

/** A test for the pattern as JSON Schema reads it (ECMA-262, unanchored), or undefined when it is not a valid one. */
function compile(pattern: string): ((value: string) => boolean) | undefined {
  for (const flags of ['u', '']) {
    try {
      const regex = new RegExp(pattern, flags)
      return (value) => regex.test(value)
    } catch {
      // Not valid in this mode: try the next.
    }
  }
  return undefined
}
