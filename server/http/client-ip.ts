// Who is calling: the address the rate limit counts against.
import { BlockList, SocketAddress, isIP } from 'node:net'

export interface TrustedProxies {
  /** `ip` as returned by getClientIp (normalised). */
  has(ip: string): boolean
}

const LOOPBACK = '127.0.0.0/8,::1'

/**
 * Parses `TRUSTED_PROXIES`: comma-separated IPv4/IPv6 addresses and CIDRs.
 * Unset or blank means loopback only.
 */
export function createTrustedProxies(spec: string | undefined): TrustedProxies {
  const list = new BlockList()
  const text = spec?.trim() ? spec : LOOPBACK
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    addEntry(list, entry)
  }
  return { has: (ip) => list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6') }
}

function addEntry(list: BlockList, entry: string): void {
  const slash = entry.indexOf('/')
  const address = slash < 0 ? entry : entry.slice(0, slash)
  const version = isIP(address)
  // A typo here would silently trust the wrong hosts or none, so refuse to start.
  const invalid = new Error(`[svc] [client-ip] TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`)
  if (version === 0) throw invalid
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (slash < 0) {
    list.addAddress(address, family)
    return
  }
  const prefix = entry.slice(slash + 1)
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) throw invalid
  list.addSubnet(address, Number(prefix), family)
}

/** What a request says about where it came from: the socket peer and the forwarding headers. */
export interface RequestOrigin {
  /** Undefined once the socket is gone. */
  peer: string | undefined
  forwardedFor: string | undefined
  realIp: string | undefined
}

/**
 * The caller's address. Forwarding headers are believed only when the socket
 * peer is a trusted proxy, because anyone else can write them. X-Forwarded-For
 * is read from the right: each proxy appends the peer it saw, so the right-most
 * hop that is not one of ours is the first address nobody could forge for us.
 */
export function clientIpOf(origin: RequestOrigin, trusted: TrustedProxies): string {
  // With the socket gone, nothing is left to identify.
  const peer = normalizeIp(origin.peer ?? '') ?? ''
  if (!peer || !trusted.has(peer)) return peer
  if (origin.forwardedFor !== undefined) return fromForwardedFor(origin.forwardedFor, trusted) ?? peer
  if (origin.realIp !== undefined) return normalizeIp(origin.realIp.trim()) ?? peer
  return peer
}

// Undefined when the deciding hop is not an address: garbage must never become
// an identity, or each new string would buy a fresh bucket.
function fromForwardedFor(header: string, trusted: TrustedProxies): string | undefined {
  let leftmost: string | undefined
  for (const raw of header.split(',').reverse()) {
    const hop = normalizeIp(raw.trim())
    if (hop === undefined || !trusted.has(hop)) return hop
    leftmost = hop
  }
  return leftmost
}

// One spelling per address, so `::ffff:1.2.3.4`, `1.2.3.4` and differently
// written IPv6 forms of the same caller share one bucket.
function normalizeIp(text: string): string | undefined {
  const version = isIP(text)
  if (version === 4) return text
  if (version !== 6) return undefined
  const canonical = new SocketAddress({ address: text, family: 'ipv6' }).address
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical)?.[1] ?? canonical
}
