// The built-in catalogues: Norwegian fills in what English does, and a text
// the service composed in English is said in the site's language.
import { describe, expect, it } from 'vitest'
import { builtInCatalogue, MESSAGE_IDS, placeholders } from '../../server/messages/catalogue'
import { en } from '../../server/messages/en'
import { messagesFor } from '../../server/messages/messages'
import { said } from '../../server/messages/said'
import { nb } from '../../server/messages/nb'
import { createSite, t } from '../render/fixture'

describe('the message catalogues', () => {
  it('Norwegian fills in the same values as English, message by message', () => {
    for (const id of MESSAGE_IDS) expect(placeholders(nb[id]).sort(), id).toEqual(placeholders(en[id]).sort())
  })

  it('picks Bokmål for nb, no and nn, English for anything else', () => {
    expect(builtInCatalogue('nb')).toBe(nb)
    expect(builtInCatalogue('nn-NO')).toBe(nb)
    expect(builtInCatalogue('en-GB')).toBe(en)
    expect(builtInCatalogue('de')).toBe(en)
  })

  it("tells a form check's problem, composed without a language, in the site's language with its values", () => {
    const m = messagesFor(createSite({ language: 'nb' }), 0)
    expect(m.tell(said('answer.too-long', { max: 120 }))).toBe('Bruk 120 tegn eller færre')
    expect(m.tell(said('answer.enter'))).toBe(nb['answer.enter'])
  })

  it("a site's messages: win, in the storyline asked for, and are made once per content version", () => {
    const site = createSite({ language: 'nb', messages: new Map([['form.problem', t('Oops')]]) })
    expect(messagesFor(site, 1).say('form.problem')).toBe(t('Oops')[1])
    expect(messagesFor(site, 0).tell(said('form.problem'))).toBe(t('Oops')[0])
    expect(messagesFor(site, 1)).toBe(messagesFor(site, 1))
  })
})
