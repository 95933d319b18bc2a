// Moves that can never be taken or change nothing, and what a sign_in: none
// bucket cannot do for anyone.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const FIELDS = ['fields:', '  - { name: street, type: text, label: Street, personal: false }']
const STATES = ['states:', '  - { name: new }', '  - { name: done, closed: true }']
/** Lines 1-6 are the same in every bucket below; moves start at line 7. */
const bucket = (...rest: string[]) => ({
  'buckets/reports.yaml': yaml('title: Reports', ...FIELDS, ...STATES, ...rest),
})

describe('bad-value: desk moves', () => {
  lintCases([
    {
      name: 'an empty from',
      files: bucket('moves:', '  - { name: finish, from: [], to: done }'),
      lines: [
        'buckets/reports.yaml:8:27: error: move "finish" has an empty from:, so it can never be taken; list the ' +
          'states it may be taken from',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a from that holds its own to, in a list and written alone',
      files: bucket(
        'moves:',
        '  - { name: finish, from: [new, done], to: done }',
        '  - { name: again, from: done, to: done }',
      ),
      lines: [
        'buckets/reports.yaml:8:33: error: move "finish" goes from "done" to "done", which changes nothing; take ' +
          '"done" out of from:',
        'buckets/reports.yaml:9:26: error: move "again" goes from "done" to "done", which changes nothing; take ' +
          '"done" out of from:',
      ],
      rules: ['bad-value', 'bad-value'],
    },
  ])
})

describe('self-from-state', () => {
  lintCases([
    {
      name: 'an empty from',
      files: bucket('self:', '  - { name: withdraw, from: [], to: done }'),
      lines: [
        'buckets/reports.yaml:8:29: error: self move "withdraw" has an empty from:, so it can never be taken; leave ' +
          'from: out to mean the initial state ("new"), or list the states',
      ],
      rules: ['self-from-state'],
    },
    {
      name: 'a from that holds its own to',
      files: bucket('self:', '  - { name: withdraw, from: [new, done], to: done }'),
      lines: [
        'buckets/reports.yaml:8:35: error: self move "withdraw" goes from "done" to "done", which changes nothing; ' +
          'take "done" out of from:',
      ],
      rules: ['self-from-state'],
    },
    {
      name: 'no from, and its to is the initial state',
      files: bucket('self:', '  - { name: restart, to: new }'),
      lines: [
        'buckets/reports.yaml:8:26: error: self move "restart" has no from:, so it is taken from the initial state ' +
          '"new", which is also its to; add from: or pick another to',
      ],
      rules: ['self-from-state'],
    },
  ])
})

describe('bad-value warnings: sign_in: none', () => {
  lintCases([
    {
      name: 'self moves and a grants nobody can receive',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'sign_in: none',
          ...FIELDS,
          'states:',
          '  - { name: new, grants: helpers }',
          '  - { name: done }',
          'self:',
          '  - { name: finish, to: done }',
        ),
      },
      lines: [
        'buckets/reports.yaml:6:26: warning: records in a sign_in: none bucket are anonymous and this bucket has no ' +
          'contact: true field, so grants can never add anyone to "helpers"; add a contact field or use sign_in: ' +
          'optional',
        'buckets/reports.yaml:8:1: warning: records in a sign_in: none bucket are anonymous, so nobody can take ' +
          'these self moves; drop self: or use sign_in: optional',
      ],
      rules: ['bad-value', 'bad-value'],
    },
    {
      name: 'a contact field lets grants reach the person it names',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'sign_in: none',
          'fields:',
          '  - { name: email, type: email, label: E-mail, contact: true }',
          'states:',
          '  - { name: new, grants: helpers }',
        ),
      },
      lines: [],
      rules: [],
    },
  ])
})

describe('closed:, note: and confirm:', () => {
  lintCases([
    {
      name: 'a closed state, a desk move with a note and one that asks to be confirmed',
      files: bucket(
        'moves:',
        '  - { name: finish, from: [new], to: done, note: required, confirm: true }',
        '  - { name: undo, from: [done], to: new, note: optional }',
      ),
      lines: [],
      rules: [],
    },
    {
      name: 'a note that is neither optional nor required, and a self move that asks for one',
      files: bucket(
        'moves:',
        '  - { name: finish, from: [new], to: done, note: always }',
        'self:',
        '  - { name: withdraw, to: done, note: optional }',
      ),
      lines: [
        'buckets/reports.yaml:8:50: error: unknown value "always" for buckets/reports.yaml at moves[0].note (one of: ' +
          'optional, required)',
        'buckets/reports.yaml:10:33: error: unknown key "note" in buckets/reports.yaml at self[0]',
      ],
      rules: ['bad-value', 'unknown-key'],
    },
  ])
})
