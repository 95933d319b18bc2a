import { describe, expect, it } from 'vitest'
import { rateKey } from '../../server/http/rate-key'

describe('the rate-limit key of a caller address', () => {
  it('keys IPv6 on its /64 however the address is written', () => {
    expect(rateKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64')
    expect(rateKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(rateKey('2001:0db8:0001:0002:ffff::')).toBe('2001:db8:1:2::/64')
    expect(rateKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateKey('2001:db8:1:3::9')).not.toBe(rateKey('2001:db8:1:2::9'))
  })

  it('maps IPv4-mapped, IPv4-compatible and NAT64 (64:ff9b::/96) forms to the IPv4 address', () => {
    for (const form of [
      '::ffff:192.0.2.33',
      '::192.0.2.33',
      '64:ff9b::192.0.2.33',
      '64:ff9b::c000:221',
      '::ffff:c000:221',
    ])
      expect(rateKey(form), form).toBe('192.0.2.33')
    expect(rateKey('192.0.2.33')).toBe('192.0.2.33')
    // Outside the /96 it is an IPv6 network like any other.
    expect(rateKey('64:ff9b:1::192.0.2.33')).toBe('64:ff9b:1:0::/64')
  })

  it('keeps loopback, the unspecified address and non-addresses apart from every IPv4 caller', () => {
    expect(rateKey('::1')).toBe('0:0:0:0::/64')
    expect(rateKey('::')).toBe('0:0:0:0::/64')
    expect(rateKey('')).toBe('')
  })
})
