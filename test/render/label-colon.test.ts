// A label and what it labels are read as one line: a colon between them,
// never a second one after a question ("Where exactly?:").
import { describe, expect, it } from 'vitest'
import { withColon } from '../../server/render/label-colon'
import { englishMessages } from '../../server/messages/messages'
import { renderRecordFields } from '../../server/render/record-fields'

describe('labels before their values', () => {
  it('get a colon unless they end in punctuation of their own', () => {
    expect(['Street', 'Where exactly?', 'Note:', 'Hva skjedde!', 'Etc.', 'Kind '].map(withColon)).toEqual([
      'Street:',
      'Where exactly?',
      'Note:',
      'Hva skjedde!',
      'Etc.',
      'Kind:',
    ])
  })

  it('a record page lists "Where exactly?" once, with no colon after the question mark', () => {
    const fields = renderRecordFields(
      [
        { name: 'street', label: 'Street', value: 'Mill Lane 14' },
        { name: 'where', label: 'Where exactly?', value: 'By the bus stop' },
      ],
      englishMessages,
    )
    expect(String(fields)).toContain('<dt>Street:</dt>')
    expect(String(fields)).toContain('<dt>Where exactly?</dt>')
    expect(String(fields)).not.toContain('?:')
  })
})
