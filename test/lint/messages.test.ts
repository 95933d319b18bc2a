// site.yaml `messages:`: the service's own texts, worded by the site.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const site = (...lines: string[]) => ({
  'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'inbox: post@example.org', ...lines),
})

describe('messages', () => {
  lintCases([
    {
      name: 'an override per storyline, or one for both, with the placeholders its message has',
      files: site(
        'messages:',
        '  form.problem: [Something is missing, Almost there]',
        '  error.404: We could not find that',
        '  not-found.where: "Nothing lives at {path}."',
      ),
      lines: [],
      rules: [],
    },
    {
      name: 'unknown-key: a message id the service does not have, with a did-you-mean',
      files: site('messages:', '  form.problme: Something is missing'),
      lines: ['site.yaml:5:3: error: no message of the service is called "form.problme"; did you mean "form.problem"?'],
      rules: ['unknown-key'],
    },
    {
      name: 'unknown-reference: a placeholder its message does not fill in',
      files: site('messages:', '  not-found.where: "Nothing at {page}."'),
      lines: ['site.yaml:5:20: error: message "not-found.where" has no {page}; it can show {path}'],
      rules: ['unknown-reference'],
    },
    {
      name: 'storyline-length: an override missing a storyline',
      files: site('messages:', '  form.problem: [Something is missing]'),
      lines: [
        'site.yaml:5:17: error: this list has 1 entry but the site has 2 storylines (a, b); give one entry per ' +
          'storyline or a single text',
      ],
      rules: ['storyline-length'],
    },
  ])
})
