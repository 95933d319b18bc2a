// The reload loop alone, with a store whose reloads the test releases by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Diagnostic } from '../../server/content/diagnostics'
import type { SiteModel } from '../../server/content/model'
import { createReloadLoop } from '../../server/content/reload'
import type { ContentStore, LiveContent, ReloadOutcome } from '../../server/content/store'
import type { ContentSnapshot } from '../../server/content/sources/types'

function live(revision: string): LiveContent {
  return {
    site: { pages: [] } as unknown as SiteModel,
    snapshot: { revision } as ContentSnapshot,
    loadedAt: new Date(),
  }
}

const broken: Diagnostic = {
  file: 'site.yaml',
  line: 2,
  col: 7,
  severity: 'error',
  message: 'bad colour',
  rule: 'schema',
}

/** Each reload waits until the test calls finish() with what it found. */
function manualStore(first: LiveContent) {
  let current: LiveContent | null = first
  const pending: Array<(outcome: ReloadOutcome) => void> = []
  let calls = 0
  const store: ContentStore = {
    source: { label: 'test', fetch: () => Promise.reject(new Error('unused')) },
    current: () => current,
    reload: () => {
      calls++
      return new Promise((resolve) => pending.push(resolve))
    },
  }
  return {
    store,
    calls: () => calls,
    finish(outcome: ReloadOutcome) {
      if (outcome.ok) current = outcome.content
      pending.shift()?.(outcome)
    },
  }
}

let logged: string[]
beforeEach(() => {
  logged = []
  const keep = (line: string | Uint8Array) => {
    logged.push(String(line))
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(keep)
  vi.spyOn(process.stderr, 'write').mockImplementation(keep)
})
afterEach(() => {
  vi.restoreAllMocks()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('reload loop', () => {
  it('folds a storm of asks into one running and one queued reload', async () => {
    const fake = manualStore(live('aaa'))
    const onLive = vi.fn()
    const loop = createReloadLoop({ store: fake.store, started: Promise.resolve(), onLive })
    const asks = Array.from({ length: 50 }, () => loop.request())
    await settle()
    expect(fake.calls()).toBe(1)
    fake.finish({ ok: true, content: live('bbb'), diagnostics: [] })
    await settle()
    // The queued run starts only after the running one, so it sees newer commits.
    expect(fake.calls()).toBe(2)
    fake.finish({ ok: true, content: live('ccc'), diagnostics: [] })
    await Promise.all(asks)
    expect(fake.calls()).toBe(2)
    expect(onLive.mock.calls.map(([c]) => (c as LiveContent).snapshot.revision)).toEqual(['bbb', 'ccc'])
  })

  it('waits for the first load before fetching', async () => {
    const fake = manualStore(live('aaa'))
    let firstLoadDone = () => {}
    const started = new Promise<void>((resolve) => {
      firstLoadDone = resolve
    })
    const loop = createReloadLoop({ store: fake.store, started, onLive: () => {} })
    const ask = loop.request()
    await settle()
    expect(fake.calls()).toBe(0)
    firstLoadDone()
    await settle()
    expect(fake.calls()).toBe(1)
    fake.finish({ ok: true, content: live('aaa'), diagnostics: [] })
    await ask
  })

  it('keeps the good content on a refused reload and logs each diagnostic once', async () => {
    const fake = manualStore(live('aaa'))
    const onLive = vi.fn()
    const onRefused = vi.fn()
    const loop = createReloadLoop({ store: fake.store, started: Promise.resolve(), onLive, onRefused })
    for (let i = 0; i < 2; i++) {
      const ask = loop.request()
      await settle()
      fake.finish({ ok: false, diagnostics: [broken] })
      await ask
    }
    expect(onLive).not.toHaveBeenCalled()
    // Each refusal is counted (svc_content_reload_failures_total), repeated or not.
    expect(onRefused).toHaveBeenCalledTimes(2)
    expect(fake.store.current()?.snapshot.revision).toBe('aaa')
    expect(logged.filter((l) => l.includes('site.yaml:2:7: error: bad colour'))).toHaveLength(1)
    expect(logged.filter((l) => l.includes('reload refused, still serving aaa'))).toHaveLength(2)
  })

  it('announces only a new revision', async () => {
    const fake = manualStore(live('aaa'))
    const onLive = vi.fn()
    const loop = createReloadLoop({ store: fake.store, started: Promise.resolve(), onLive })
    const ask = loop.request()
    await settle()
    fake.finish({ ok: true, content: live('aaa'), diagnostics: [] })
    await ask
    expect(onLive).not.toHaveBeenCalled()
    expect(logged.some((l) => l.includes('content unchanged'))).toBe(true)
  })
})
