// Mail placeholders: only {{site.name}}, {{record.<field>}}, {{record.state}}
// and {{link}}, each reported where it is written.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const ALLOWED =
  'a mail may use {{site.name}}, {{record.<field>}} for a field of this bucket, {{record.state}} and {{link}}'

/** A move whose mail starts on line 15 with the lines given. */
const mail = (...lines: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street }',
    '  - { name: email, type: email, label: E-mail }',
    '  - { name: photo, type: file, label: Photo }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'moves:',
    '  - name: finish',
    '    from: [new]',
    '    to: done',
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
        '      body: "{{site.name}}: {{record.email}} {{link}}"',
      ),
      lines: [],
      rules: [],
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
