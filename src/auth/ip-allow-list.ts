// A token's `allowIps`: IP addresses and CIDR ranges, matched against the client's address as
// new-api's `common.IsIpInCIDRList` does (an entry with "/" is a range, one without an address),
// with an IPv4 address seen over IPv6 (`::ffff:10.1.2.3`) taken as the IPv4 address it is.

/** An address as bytes: 4 for IPv4 (IPv4-mapped IPv6 included), 16 for IPv6. */
type Address = Uint8Array

/** The address a client on the same machine has: what an in-process request (msw, no socket) counts as. */
export const inProcessClientAddress = '127.0.0.1'

/** The address as a person writes it: an IPv4 client seen over IPv6 (`::ffff:127.0.0.1`) as its IPv4 address. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
}

/** Whether `entry` is an IP address or a CIDR range the allow-list can match. */
export function isAllowListEntry(entry: string): boolean {
  return entry.includes('/') ? parseRange(entry) !== undefined : parseAddress(entry) !== undefined
}

/** Whether the client at `address` (as the socket reports it) may use a key limited to `entries`; an empty list allows every address. */
export function isAddressAllowed(address: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true
  const client = parseAddress(address.replace(/%.*$/, ''))
  if (!client) return false
  return entries.some((entry) => {
    if (!entry.includes('/')) return sameAddress(parseAddress(entry), client)
    const range = parseRange(entry)
    return range !== undefined && inRange(client, range)
  })
}

function sameAddress(a: Address | undefined, b: Address): boolean {
  return a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])
}

interface Range {
  network: Address
  bits: number
}

function parseRange(text: string): Range | undefined {
  const slash = text.indexOf('/')
  const network = parseAddress(text.slice(0, slash), false)
  const prefix = text.slice(slash + 1)
  if (!network || !/^\d{1,3}$/.test(prefix)) return undefined
  const bits = Number(prefix)
  return bits <= network.length * 8 ? { network, bits } : undefined
}

function inRange(client: Address, { network, bits }: Range): boolean {
  if (client.length !== network.length) return false
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff
    if ((client[bit / 8]! & mask) !== (network[bit / 8]! & mask)) return false
  }
  return true
}

/** An IPv4 or IPv6 address; IPv4-mapped IPv6 as IPv4 unless `mapped` is false (a range keeps its family). */
function parseAddress(text: string, mapped = true): Address | undefined {
  if (!text.includes(':')) return parseIpv4(text)
  const bytes = parseIpv6(text)
  if (!bytes) return undefined
  const isMapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
  return mapped && isMapped ? bytes.slice(12) : bytes
}

function parseIpv4(text: string): Address | undefined {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  const bytes = new Uint8Array(4)
  for (const [i, part] of parts.entries()) {
    // Go's ParseIP refuses leading zeros (an octal reading would be ambiguous).
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined
    bytes[i] = Number(part)
  }
  return bytes
}

function parseIpv6(text: string): Address | undefined {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return []
    const groups: number[] = []
    const parts = half.split(':')
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part)
        if (!v4) return undefined
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
      } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16))
      else return undefined
    }
    return groups
  }
  const head = groupsOf(halves[0]!)
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : []
  if (!head || !tail) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8
    bytes[i * 2 + 1] = group & 0xff
  })
  return bytes
}
