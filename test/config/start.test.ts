// The built service at start: settings first, then one plugin per concern.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { DEMO, freePort, runServerToExit, startServer } from '../support/server'

interface LogLine {
  readonly level: string
  readonly area: string
  readonly message: string
  readonly variable?: string
}

const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

describe('Settings parsed once: a bad value refuses to start', () => {
  it('exits 1 with one line per bad variable naming it and what it expects, before anything else starts', async () => {
    const { code, output } = await runServerToExit({
      CONTENT_REPO: DEMO,
      SVC_RATE_BURST: 'abc',
      PORT: 'eighty',
      TRUSTED_PROXIES: 'proxy.internal',
    })
    expect(code).toBe(1)
    expect(logLines(output)).toEqual([
      {
        level: 'error',
        area: 'config',
        variable: 'SVC_RATE_BURST',
        time: expect.any(String),
        message:
          '[svc] [config] cannot start: SVC_RATE_BURST: expected a whole number >= 0 (0 turns the limit off), got ' +
          '"abc"',
      },
      {
        level: 'error',
        area: 'config',
        variable: 'TRUSTED_PROXIES',
        time: expect.any(String),
        message:
          '[svc] [config] cannot start: TRUSTED_PROXIES: expected IP addresses or CIDRs separated by commas (e.g. ' +
          '10.0.0.1,10.8.0.0/16), got "proxy.internal"',
      },
      {
        level: 'error',
        area: 'config',
        variable: 'PORT',
        time: expect.any(String),
        message: '[svc] [config] cannot start: PORT: expected a port number from 0 to 65535, got "eighty"',
      },
    ])
    // Nothing but those lines: no bus, no content, no stack trace.
    expect(output.trim().split('\n')).toHaveLength(3)
  })

  it('refuses a bad PHONE_COUNTRY from the config, not halfway through loading content', async () => {
    const { code, output } = await runServerToExit({ CONTENT_REPO: DEMO, PHONE_COUNTRY: '0047' })
    expect(code).toBe(1)
    expect(logLines(output).map((line) => line.message)).toEqual([
      '[svc] [config] cannot start: PHONE_COUNTRY: expected a calling code, + and 1 to 4 digits not starting with 0 ' +
        '(e.g. +47), got "0047"',
    ])
  })
})

describe('Start-up made explicit: one plugin per concern', () => {
  it('a bus that cannot connect stops the start in the bus plugin with exit 1', async () => {
    const port = await freePort()
    const { code, output } = await runServerToExit({ CONTENT_REPO: DEMO, BUS_URL: `nats://127.0.0.1:${port}` })
    expect(code).toBe(1)
    expect(
      logLines(output)
        .filter((line) => line.level === 'error')
        .map((line) => line.message),
    ).toEqual([expect.stringMatching(/^\[svc\] \[bus\] cannot start: connecting to nats:\/\/127\.0\.0\.1:\d+ failed/)])
  })

  it('sign-in is prepared by its own plugin at start, before any request', async () => {
    const server = await startServer({ IDP_URL: undefined, SVC_MODE: undefined })
    try {
      await waitFor(
        () => server.output().includes('[svc] [auth] sign-in is off: IDP_URL is unset'),
        5000,
        'the sign-in plugin',
      )
    } finally {
      await server.stop()
    }
  })
})

describe('Start-up made explicit: a port that cannot be bound', () => {
  it('exits 1 saying it cannot listen, instead of running without serving', async () => {
    const taken = await startServer()
    try {
      const port = new URL(taken.url).port
      const { code, output } = await runServerToExit({ CONTENT_REPO: DEMO, PORT: port })
      expect(code).toBe(1)
      expect(logLines(output).map((line) => line.message)).toContain('[svc] [http] cannot listen')
    } finally {
      await taken.stop()
    }
  })
})
