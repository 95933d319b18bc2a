// Mail placeholders: only {{site.name}}, {{record.<field>}}, {{record.state}},
// {{record.id}} and {{link}}, each reported where it is written, in a move's
// mail and in a bucket's receipt alike.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const ALLOWED =
  'a mail may use {{site.name}}, {{record.<field>}} for a field of this bucket, {{record.state}}, ' +
  '{{record.id}}, {{record.reference}}, {{link}} and, in the mail of a move with note:, {{note}}'

/** A bucket whose receipt starts on line 9 with the lines given. */
const receipt = (...lines: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    '  - { name: email, type: email, label: E-mail, contact: true }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'receipt:',
    ...lines,
  ),
})

/** A move whose mail starts on line 15 with the lines given (line 16 when `noted`, after `note: optional`). */
const mail = (...lines: string[]) => moveMail([], lines)
const notedMail = (...lines: string[]) => moveMail(['    note: optional', '    confirm: true'], lines)

const moveMail = (moveKeys: string[], lines: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    '  - { name: email, type: email, label: E-mail }',
    '  - { name: photo, type: file, label: Photo }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'moves:',
    '  - name: finish',
    '    from: [new]',
    '    to: done',
    ...moveKeys,
    '    mail:',
    '      to: submitter',
    ...lines,
  ),
})

describe('mail placeholders', () => {
  lintCases([
    {
      name: 'every placeholder there is, spaces inside the braces allowed',
      files: mail(
        '      subject: "{{ record.street }} is {{record.state}}"',
        '      body: "{{site.name}}: {{record.email}} {{link}}, case {{record.id}} ({{ record.reference }})"',
      ),
      lines: [],
      rules: [],
    },
    {
      name: 'a receipt takes the same placeholders, {{record.id}} among them',
      files: receipt('  subject: "Got {{record.street}}"', '  body: "Your reference: {{ record.id }}. {{link}}"'),
      lines: [],
      rules: [],
    },
    {
      name: 'unknown-reference in a receipt, at its line and column',
      files: receipt('  subject: "Got {{record.stret}}"', '  body: "Reference {{record.ref}}"'),
      lines: [
        'buckets/reports.yaml:9:17: error: unknown placeholder {{record.stret}}; did you mean {{record.street}}?',
        'buckets/reports.yaml:10:20: error: unknown placeholder {{record.ref}}; did you mean {{record.id}}?',
      ],
      rules: ['unknown-reference', 'unknown-reference'],
    },
    {
      name: 'reserved-name: a field may not be called id, which {{record.id}} means',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: id, type: text, label: Number, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [
        'buckets/reports.yaml:3:13: error: buckets/reports.yaml at fields[0].name: a field may not be called id: ' +
          "{{record.id}} in a mail already means the case's reference; pick another name, e.g. number",
      ],
      rules: ['reserved-name'],
    },
    {
      name: 'reserved-name: a field may not be called reference, which {{record.reference}} means',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: reference, type: text, label: Their reference, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [
        'buckets/reports.yaml:3:13: error: buckets/reports.yaml at fields[0].name: a field may not be called ' +
          "reference: {{record.reference}} in a mail already means the case's short reference; pick another name, " +
          'e.g. their_reference',
      ],
      rules: ['reserved-name'],
    },
    {
      name: 'unknown-reference: typos, each with what was meant',
      files: mail(
        '      subject: "{{record.stret}} on {{site.nmae}}"',
        '      body: "See {{lnik}} and {{record.street}}"',
      ),
      lines: [
        'buckets/reports.yaml:15:17: error: unknown placeholder {{record.stret}}; did you mean {{record.street}}?',
        'buckets/reports.yaml:15:37: error: unknown placeholder {{site.nmae}}; did you mean {{site.name}}?',
        'buckets/reports.yaml:16:18: error: unknown placeholder {{lnik}}; did you mean {{link}}?',
      ],
      rules: ['unknown-reference', 'unknown-reference', 'unknown-reference'],
    },
    {
      name: 'unknown-reference: nothing close, so the message lists what there is',
      files: mail('      subject: "{{record}} {{whatever}}"', '      body: Done.'),
      lines: [
        `buckets/reports.yaml:15:17: error: unknown placeholder {{record}}; ${ALLOWED}`,
        `buckets/reports.yaml:15:28: error: unknown placeholder {{whatever}}; ${ALLOWED}`,
      ],
      rules: ['unknown-reference', 'unknown-reference'],
    },
    {
      name: '{{note}} in the mail of a move that takes a note (note:, confirm: on a desk move)',
      files: notedMail('      subject: Done', '      body: "Why: {{ note }}"'),
      lines: [],
      rules: [],
    },
    {
      name: 'unknown-reference: {{note}} in the mail of a move without note:',
      files: mail('      subject: Done', '      body: "Why: {{note}}"'),
      lines: [`buckets/reports.yaml:16:19: error: unknown placeholder {{note}}; ${ALLOWED}`],
      rules: ['unknown-reference'],
    },
    {
      name: 'bad-value: a file field cannot be put into a mail',
      files: mail('      subject: Done', '      body: "Photo: {{record.photo}}"'),
      lines: [
        'buckets/reports.yaml:16:21: error: {{record.photo}}: field "photo" is a file, and a file cannot be put into ' +
          'a mail; use {{link}} to point at the record instead',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'in block texts, every occurrence at its own line and column, once per storyline entry',
      files: mail(
        '      subject: Done',
        '      body:',
        '        - |',
        '          Hello,',
        '',
        '          about {{record.stret}} and again {{record.stret}}.',
        '        - |',
        '          Hi {{record.stret}}',
      ),
      lines: [
        'buckets/reports.yaml:20:17: error: unknown placeholder {{record.stret}}; did you mean {{record.street}}?',
        'buckets/reports.yaml:20:44: error: unknown placeholder {{record.stret}}; did you mean {{record.street}}?',
        'buckets/reports.yaml:22:14: error: unknown placeholder {{record.stret}}; did you mean {{record.street}}?',
      ],
      rules: ['unknown-reference', 'unknown-reference', 'unknown-reference'],
    },
    {
      name: 'placeholders outside mail are not read, so not checked',
      files: { 'pages/index.yaml': yaml('title: Home {{anything}}', 'blocks:', '  - text: "{{record.nothing}}"') },
      lines: [],
      rules: [],
    },
  ])
})
