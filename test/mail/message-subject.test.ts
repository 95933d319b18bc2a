// Mail subjects name the case by the reference the visitor was given, never by
// the internal id (issue 26, journey 7), in the case's storyline and the site's language.
import { describe, expect, it } from 'vitest'
import { buildMessageIntent } from '../../server/mail/message-intent'
import { referenceOf } from '../../server/records/reference'
import { demoPothole, loadDemo } from '../support/demo-site'

const view = demoPothole()

describe('the subject of a message staff write to the submitter', () => {
  it('names the case by its reference, not its id', async () => {
    const site = await loadDemo()
    const bucket = site.buckets.get('potholes')!
    const intent = buildMessageIntent({ site, bucket, view, text: 'Hello', publicUrl: 'http://x' })
    expect(intent?.subject).toBe(`A message about your case ${referenceOf(42)}`)
    expect(intent?.subject).not.toContain(view.id)
  })

  it('is said in the language of a Bokmål site', async () => {
    const demo = await loadDemo()
    const site = { ...demo, branding: { ...demo.branding, language: 'nb' } }
    const bucket = site.buckets.get('potholes')!
    const intent = buildMessageIntent({ site, bucket, view, text: 'Hei', publicUrl: 'http://x' })
    expect(intent?.subject).toBe(`En melding om saken din ${referenceOf(42)}`)
  })
})
