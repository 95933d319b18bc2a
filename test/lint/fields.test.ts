// What each field type needs, and keys that only fit other types.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

/** A bucket whose only field is on line 3. */
const withField = (field: string) => ({
  'buckets/reports.yaml': yaml('title: Reports', 'fields:', `  - ${field}`, 'states:', '  - { name: new }'),
})

describe('field rules', () => {
  lintCases([
    {
      name: 'record-without-of',
      files: withField('{ name: district, type: record, label: District }'),
      lines: [
        'buckets/reports.yaml:3:29: error: field "district" is of type record and needs "of:" naming the bucket its ' +
          'records belong to',
      ],
      rules: ['record-without-of'],
    },
    {
      name: 'a choice without options',
      files: withField('{ name: kind, type: choice, label: Kind }'),
      lines: ['buckets/reports.yaml:3:25: error: field "kind" is a choice and needs "options:"'],
      rules: ['missing-key'],
    },
    {
      name: 'accept on a text field, at the key',
      files: withField('{ name: street, type: text, label: Street, accept: [image/*], personal: false }'),
      lines: ['buckets/reports.yaml:3:48: error: "accept" only applies to fields of type file, and this field is text'],
      rules: ['bad-value'],
    },
    {
      name: 'max_mb on a text field',
      files: withField('{ name: street, type: text, label: Street, max_mb: 5, personal: false }'),
      lines: ['buckets/reports.yaml:3:48: error: "max_mb" only applies to fields of type file, and this field is text'],
      rules: ['bad-value'],
    },
    {
      name: 'of on a text field',
      files: withField('{ name: street, type: text, label: Street, of: reports, personal: false }'),
      lines: ['buckets/reports.yaml:3:48: error: "of" only applies to fields of type record, and this field is text'],
      rules: ['bad-value'],
    },
    {
      name: 'contact on a text field',
      files: withField('{ name: street, type: text, label: Street, contact: true, personal: false }'),
      lines: [
        'buckets/reports.yaml:3:48: error: "contact" only applies to fields of type email or phone, and this field ' +
          'is text',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'two contact e-mail fields, at the second; one contact phone beside them is fine',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: email, type: email, label: E-mail, contact: true }',
          '  - { name: phone, type: phone, label: Phone, contact: true }',
          '  - { name: other, type: email, label: Other, contact: true }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [
        'buckets/reports.yaml:5:47: error: field "email" is already this bucket\'s contact email field, and a bucket ' +
          'has at most one; drop "contact" here',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'an option without a value',
      files: withField('{ name: kind, type: choice, label: Kind, options: [a, ""] }'),
      lines: [
        'buckets/reports.yaml:3:59: error: buckets/reports.yaml at fields[0].options[1]: an option needs a value; ' +
          'write it as a text',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'accept that is not a media type',
      files: withField('{ name: photo, type: file, label: Photo, accept: [images] }'),
      lines: [
        'buckets/reports.yaml:3:55: error: buckets/reports.yaml at fields[0].accept[0]: use a media type such as ' +
          'image/* or an extension such as .pdf',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a map of a field that is not a location',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: new }',
          'public: { fields: [street] }',
        ),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - map: { bucket: reports, field: street }'),
      },
      lines: ['pages/index.yaml:3:36: error: a map shows a location field, and "street" is text'],
      rules: ['bad-value'],
    },
  ])
})
