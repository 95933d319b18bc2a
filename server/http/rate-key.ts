// The bucket a caller's address is counted in. One IPv6 subscriber is handed
// a whole /64 and can rotate through it at will, so the /64 is the caller;
// an IPv4 address written as IPv6 (mapped, compatible, or through a NAT64
// gateway) is the IPv4 caller it carries, not a fresh one.
import { isIP } from 'node:net'

const NAT64_PREFIX = [0x64, 0xff9b, 0, 0, 0, 0]

/** The rate-limit key for an address as getClientIp gives it; anything else is its own key. */
export function rateKey(ip: string): string {
  if (isIP(ip) !== 6) return ip
  const words = ipv6Words(ip)
  const head = words.slice(0, 6)
  const mapped = head.slice(0, 5).every((word) => word === 0) && head[5] === 0xffff
  const compatible = head.every((word) => word === 0) && (words[6] ?? 0) !== 0
  const nat64 = head.every((word, i) => word === NAT64_PREFIX[i])
  if (mapped || compatible || nat64) return ipv4Of(words[6] ?? 0, words[7] ?? 0)
  return `${words
    .slice(0, 4)
    .map((word) => word.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit words of a valid IPv6 address (a dotted IPv4 tail included). */
function ipv6Words(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip)
  const hex = dotted
    ? `${ip.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${(
        (Number(dotted[3]) << 8) |
        Number(dotted[4])
      ).toString(16)}`
    : ip
  const [left = '', right] = hex.split('::')
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)))
  const before = words(left)
  const after = right === undefined ? [] : words(right)
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
}

const ipv4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
