// axe (link-name, serious): the photo's preview on a visitor's case page was a link with only a picture in it.
// It is one link holding the picture and the file name, named from the catalogue for what it opens.
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../../server/messages/messages'
import { renderRecordFields } from '../../server/render/record-fields'
import { attr, readPage, textOf } from '../desk/page'

describe('the photo preview on a case page', () => {
  it('is one link that holds the picture and says the file name', () => {
    const fields = renderRecordFields(
      [
        {
          name: 'photo',
          label: 'Photo',
          value: 'hole.jpg',
          href: '/attachment/potholes/abc/photo',
          preview: '/attachment/potholes/abc/photo?preview=1',
        },
      ],
      englishMessages,
    )
    const links = readPage(String(fields)).all('a')
    expect(links).toHaveLength(1)
    expect(textOf(links[0]).trim()).toBe('hole.jpg')
    expect(attr(links[0]!, 'aria-label')).toBe('Photo: hole.jpg, full size')
    expect(String(fields)).toContain('<img src="/attachment/potholes/abc/photo?preview=1" alt=""')
  })
})
