import type { IncomingMessage, ServerResponse } from 'node:http'
import { createEvent } from 'h3'
import type { H3Event } from 'h3'
import { describe, expect, it } from 'vitest'
import { createTrustedProxies } from '../../server/http/client-ip'
import { getClientIp } from '../../utils/get-client-ip'

// Only the socket peer and the headers matter to getClientIp.
function eventFrom(remoteAddress: string | undefined, headers: Record<string, string> = {}): H3Event {
  const req = { headers, socket: { remoteAddress } } as unknown as IncomingMessage
  return createEvent(req, {} as ServerResponse)
}

const loopback = createTrustedProxies(undefined)
const behindLoadBalancer = createTrustedProxies('127.0.0.1, 10.0.0.0/8')

describe('Limits: Caller identity: read from X-Forwarded-For or X-Real-IP, falling back to the socket', () => {
  it('uses the socket address when no forwarding header is sent', () => {
    expect(getClientIp(eventFrom('203.0.113.9'), loopback)).toBe('203.0.113.9')
    expect(getClientIp(eventFrom('127.0.0.1'), loopback)).toBe('127.0.0.1')
  })

  it('reads X-Forwarded-For from a trusted proxy', () => {
    const event = eventFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })
    expect(getClientIp(event, loopback)).toBe('198.51.100.7')
  })

  it('reads X-Real-IP from a trusted proxy when X-Forwarded-For is absent', () => {
    const event = eventFrom('::1', { 'x-real-ip': '198.51.100.7' })
    expect(getClientIp(event, loopback)).toBe('198.51.100.7')
  })

  it('prefers X-Forwarded-For over X-Real-IP', () => {
    const event = eventFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '192.0.2.1' })
    expect(getClientIp(event, loopback)).toBe('198.51.100.7')
  })

  it('ignores a forged header from an untrusted peer', () => {
    const forged = { 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8' }
    expect(getClientIp(eventFrom('203.0.113.9', forged), loopback)).toBe('203.0.113.9')
    expect(getClientIp(eventFrom('127.0.0.1', forged), createTrustedProxies('10.0.0.1'))).toBe('127.0.0.1')
  })

  it('takes the right-most untrusted hop, never the left-most', () => {
    const event = eventFrom('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.2' })
    expect(getClientIp(event, behindLoadBalancer)).toBe('198.51.100.7')
  })

  it('takes the left-most hop when every hop is trusted', () => {
    const event = eventFrom('127.0.0.1', { 'x-forwarded-for': '10.0.0.5, 10.0.0.2' })
    expect(getClientIp(event, behindLoadBalancer)).toBe('10.0.0.5')
  })

  it('never uses a hop that is not an IP as the identity', () => {
    const ip = (xff: string): string => getClientIp(eventFrom('127.0.0.1', { 'x-forwarded-for': xff }), loopback)
    expect(ip('not-an-ip')).toBe('127.0.0.1')
    expect(ip('198.51.100.7, garbage')).toBe('127.0.0.1')
    expect(ip('198.51.100.7:4711')).toBe('127.0.0.1')
    expect(ip('198.51.100.7,,')).toBe('127.0.0.1')
    expect(ip('')).toBe('127.0.0.1')
    expect(getClientIp(eventFrom('127.0.0.1', { 'x-real-ip': 'unknown' }), loopback)).toBe('127.0.0.1')
  })

  it('does not read garbage to the left of the deciding hop', () => {
    const event = eventFrom('127.0.0.1', { 'x-forwarded-for': 'garbage, 198.51.100.7' })
    expect(getClientIp(event, loopback)).toBe('198.51.100.7')
  })

  it('normalises IPv4-mapped IPv6 and IPv6 spellings to one identity', () => {
    expect(getClientIp(eventFrom('::ffff:203.0.113.9'), loopback)).toBe('203.0.113.9')
    const mappedProxy = eventFrom('::ffff:127.0.0.1', { 'x-forwarded-for': '::FFFF:198.51.100.7' })
    expect(getClientIp(mappedProxy, loopback)).toBe('198.51.100.7')
    const ipv6 = eventFrom('127.0.0.1', { 'x-forwarded-for': '2001:DB8:0::1' })
    expect(getClientIp(ipv6, loopback)).toBe('2001:db8::1')
  })

  it('gives an empty identity once the socket is gone', () => {
    expect(getClientIp(eventFrom(undefined, { 'x-forwarded-for': '198.51.100.7' }), loopback)).toBe('')
  })
})

describe('TRUSTED_PROXIES', () => {
  it('defaults to loopback when unset or blank', () => {
    for (const trusted of [createTrustedProxies(undefined), createTrustedProxies('  ')]) {
      expect(trusted.has('127.0.0.1')).toBe(true)
      expect(trusted.has('127.255.0.9')).toBe(true)
      expect(trusted.has('::1')).toBe(true)
      expect(trusted.has('10.0.0.1')).toBe(false)
      expect(trusted.has('::2')).toBe(false)
    }
  })

  it('reads IPv4 and IPv6 addresses and CIDRs, replacing the default', () => {
    const trusted = createTrustedProxies(' 10.0.0.0/8, 192.168.1.1,2001:db8::/32 , fd00::1,')
    expect(trusted.has('10.200.3.4')).toBe(true)
    expect(trusted.has('192.168.1.1')).toBe(true)
    expect(trusted.has('192.168.1.2')).toBe(false)
    expect(trusted.has('2001:db8:ffff::1')).toBe(true)
    expect(trusted.has('2001:db9::1')).toBe(false)
    expect(trusted.has('fd00::1')).toBe(true)
    expect(trusted.has('127.0.0.1')).toBe(false)
  })

  it.each(['proxy.internal', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/-1', '1.2.3.4:80'])(
    'refuses to start on %j',
    (spec) => {
      expect(() => createTrustedProxies(spec)).toThrow(/^\[svc\] \[client-ip\] TRUSTED_PROXIES: /)
    },
  )
})
