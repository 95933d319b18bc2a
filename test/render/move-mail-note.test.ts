// Issue 26, journey 8: a desk's confirmation page says whether the move mails
// the reporter, whom it mails instead, or that nobody hears of it.
import { describe, expect, it } from 'vitest'
import { messagesFor } from '../../server/messages/messages'
import { renderMovePage } from '../../server/render/desk/move-page'
import { moveMailNote } from '../../server/render/desk/move-mail-note'
import { demoPothole, loadDemo } from '../support/demo-site'
import { assets } from './fixture'

const view = demoPothole()

describe("issue 26 journey 8: the desk's confirmation says whether the move mails the reporter", async () => {
  const site = await loadDemo()
  const bucket = site.buckets.get('potholes')!
  const move = (name: string) => bucket.moves.find((m) => m.name === name)!
  const m = messagesFor(site, 0)

  it('says so for a move that mails the submitter, and that nobody is mailed when they left no address', () => {
    expect(moveMailNote(bucket, view, move('reject'), m)).toBe('The reporter is mailed about this move.')
    const anonymous = { ...view, fields: { street: 'Mill Lane 4' } }
    expect(moveMailNote(bucket, anonymous, move('reject'), m)).toBe(
      'The reporter left no address: nobody is mailed about this move.',
    )
  })

  it('names whom a work order goes to instead', () => {
    expect(moveMailNote(bucket, view, move('schedule'), m)).toBe(
      'The reporter is not mailed; this move mails roadcrew@example.org.',
    )
  })

  it('is on the confirmation page of a confirm: true move', () => {
    const close = move('close')
    expect(close.confirm).toBe(true)
    const page = renderMovePage({
      site,
      story: 0,
      assets,
      viewer: { signedIn: false, signInHref: null },
      desk: site.desks.get('caseworkers')!,
      bucket,
      view: { ...view, state: 'fixed' },
      move: close,
      csrf: 'token',
    })
    expect(page).toContain(`<p class="desk-move-mail">${moveMailNote(bucket, view, close, m)}</p>`)
  })
})
