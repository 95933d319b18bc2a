// Settings parsed once: one schema reads every variable into a typed, frozen config.
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../../server/config/parse-config'
import { problemsOf } from './problems'

describe('Settings parsed once: defaults', () => {
  it('gives every defaulted variable its documented default when nothing is set', () => {
    const config = parseConfig({})
    expect({
      CONTENT_BRANCH: config.CONTENT_BRANCH,
      GIT_API_URL: config.GIT_API_URL,
      DATA_DIR: config.DATA_DIR,
      PHONE_COUNTRY: config.PHONE_COUNTRY,
      SVC_RATE_BURST: config.SVC_RATE_BURST,
      SVC_RATE_PER_SECOND: config.SVC_RATE_PER_SECOND,
      IDP_GROUP_PREFIX: config.IDP_GROUP_PREFIX,
      SVC_MODE: config.SVC_MODE,
      PORT: config.PORT,
      BUS_URL: config.BUS_URL,
      PUBLIC_URL: config.PUBLIC_URL,
      AUTOMATION_READ_TOKEN: config.AUTOMATION_READ_TOKEN,
    }).toEqual({
      CONTENT_BRANCH: 'main',
      GIT_API_URL: 'https://api.github.com',
      DATA_DIR: '.data',
      PHONE_COUNTRY: '+47',
      SVC_RATE_BURST: 100,
      SVC_RATE_PER_SECOND: 10,
      IDP_GROUP_PREFIX: '',
      SVC_MODE: 'production',
      PORT: 3000,
      BUS_URL: undefined,
      PUBLIC_URL: undefined,
      AUTOMATION_READ_TOKEN: undefined,
    })
  })

  it('trusts loopback proxies only, by default', () => {
    const { TRUSTED_PROXIES } = parseConfig({})
    expect([TRUSTED_PROXIES.has('127.0.0.1'), TRUSTED_PROXIES.has('::1'), TRUSTED_PROXIES.has('10.0.0.1')]).toEqual([
      true,
      true,
      false,
    ])
  })

  it('reads a blank value as unset', () => {
    expect(parseConfig({ BUS_URL: '  ', CONTENT_BRANCH: '', SVC_RATE_BURST: ' ', PUBLIC_URL: '\t' })).toMatchObject({
      BUS_URL: undefined,
      CONTENT_BRANCH: 'main',
      SVC_RATE_BURST: 100,
      PUBLIC_URL: undefined,
    })
  })
})

describe('Settings parsed once: typed values', () => {
  it('reads numbers as numbers and trims spaces around values', () => {
    const config = parseConfig({
      SVC_RATE_BURST: ' 20 ',
      SVC_RATE_PER_SECOND: '0.5',
      PORT: '0',
      DEV_IDP_PORT: '4001',
      CONTENT_BRANCH: ' live ',
    })
    expect(config).toMatchObject({
      SVC_RATE_BURST: 20,
      SVC_RATE_PER_SECOND: 0.5,
      PORT: 0,
      DEV_IDP_PORT: 4001,
      CONTENT_BRANCH: 'live',
    })
  })

  it('keeps the webhook secret as written, spaces included, since it is a signing key', () => {
    expect(parseConfig({ CONTENT_WEBHOOK_SECRET: ' key ' }).CONTENT_WEBHOOK_SECRET).toBe(' key ')
  })

  it('is development only for SVC_MODE=development; anything else is production', () => {
    expect(parseConfig({ SVC_MODE: 'development' }).SVC_MODE).toBe('development')
    expect(parseConfig({ SVC_MODE: 'dev' }).SVC_MODE).toBe('production')
  })

  it('reads the trusted proxies once into the list the rate limit asks', () => {
    const { TRUSTED_PROXIES } = parseConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16' })
    expect([
      TRUSTED_PROXIES.has('10.0.0.1'),
      TRUSTED_PROXIES.has('192.168.4.2'),
      TRUSTED_PROXIES.has('127.0.0.1'),
    ]).toEqual([true, true, false])
  })

  it('is frozen', () => {
    const config = parseConfig({})
    expect(Object.isFrozen(config)).toBe(true)
    expect(() => Object.assign(config, { PORT: 1 })).toThrow(TypeError)
  })

  it('keeps only the variables it knows', () => {
    expect(Object.keys(parseConfig({ HOME: '/root', PATH: '/bin' }))).not.toContain('HOME')
  })
})

describe('Settings parsed once: a bad value is named with what it expects', () => {
  it.each([
    ['SVC_RATE_BURST', 'abc', 'SVC_RATE_BURST: expected a whole number >= 0 (0 turns the limit off), got "abc"'],
    ['SVC_RATE_PER_SECOND', '-1', 'SVC_RATE_PER_SECOND: expected a number >= 0 (0 turns the limit off), got "-1"'],
    [
      'PHONE_COUNTRY',
      'norway',
      'PHONE_COUNTRY: expected a calling code, + and 1 to 4 digits not starting with 0 (e.g. +47), got "norway"',
    ],
    [
      'TRUSTED_PROXIES',
      '10.0.0.1,proxy.internal',
      'TRUSTED_PROXIES: expected IP addresses or CIDRs separated by commas (e.g. 10.0.0.1,10.8.0.0/16), got ' +
        '"10.0.0.1,proxy.internal"',
    ],
    ['PORT', '70000', 'PORT: expected a port number from 0 to 65535, got "70000"'],
    ['DEV_IDP_PORT', 'next', 'DEV_IDP_PORT: expected a port number from 0 to 65535, got "next"'],
    ['PUBLIC_URL', 'site.example', 'PUBLIC_URL: expected an http:// or https:// URL, got "site.example"'],
    ['IDP_URL', 'ftp://idp.example', 'IDP_URL: expected an http:// or https:// URL, got "ftp://idp.example"'],
    ['GIT_API_URL', 'api', 'GIT_API_URL: expected an http:// or https:// URL, got "api"'],
  ])('%s=%j', (name, value, line) => {
    expect(problemsOf({ [name]: value })).toEqual([line])
  })

  it('names every bad variable at once, one line each, in the documented order', () => {
    const error = (() => {
      try {
        return parseConfig({ PORT: 'x', SVC_RATE_BURST: '1.5', PHONE_COUNTRY: '47' })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message.split('\n')).toEqual([
      '[svc] [config] PHONE_COUNTRY: expected a calling code, + and 1 to 4 digits not starting with 0 (e.g. +47), ' +
        'got "47"',
      '[svc] [config] SVC_RATE_BURST: expected a whole number >= 0 (0 turns the limit off), got "1.5"',
      '[svc] [config] PORT: expected a port number from 0 to 65535, got "x"',
    ])
  })

  it('shows a refused value on one line, cut when long', () => {
    const [line] = problemsOf({ BUS_URL: 'nats://x', SVC_RATE_BURST: `1\n2${'3'.repeat(100)}` })
    expect(line).not.toContain('\n')
    // 60 characters shown: 1, the line break, 2 and 57 threes.
    expect(line).toMatch(/^SVC_RATE_BURST: expected .*, got "1\\n23{57}…"$/)
  })
})
