// One typed answer, already cleaned, trimmed and known to be non-empty,
// checked against its field's type. Messages describe what is wanted and
// never repeat the answer.
import { said } from '../messages/said'
import { z } from 'zod'
import type { Field, FieldType } from '../content/model'
import { normalizePhone } from '../content/phone'
import { CHECKBOX_VALUE } from '../render/field-inputs'
import { fail, ok, type Checked } from './checked'
import { characterCount } from './clean-text'
import { parseDecimal } from './decimal'

// The compiler's defaults; the model leaves maxLength optional.
const DEFAULT_MAX_LENGTH = { text: 200, textarea: 5000 } as const

// The same shape check the content lint applies to addresses in YAML.
const emailShape = z.email()

// SMTP's limit on a whole address.
const MAX_EMAIL_LENGTH = 254

/** The types whose answer is one typed value with nothing to look up. */
export type AnswerType = Exclude<FieldType, 'record' | 'location' | 'file'>

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function checkLength(answer: string, max: number): Checked {
  return characterCount(answer) > max ? fail(said('answer.too-long', { max })) : ok(answer)
}

// The part before @ may be case-sensitive; the domain never is.
function checkEmail(answer: string): Checked {
  if (answer.length > MAX_EMAIL_LENGTH || !emailShape.safeParse(answer).success) {
    return fail(said('answer.email'))
  }
  const at = answer.lastIndexOf('@')
  return ok(answer.slice(0, at) + answer.slice(at).toLowerCase())
}

function isCalendarDate(answer: string): boolean {
  const match = DATE.exec(answer)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return year >= 1 && days !== undefined && day >= 1 && day <= days
}

// `type` is the field's own, narrowed by the caller to one this function checks.
export function checkAnswer(type: AnswerType, field: Field, answer: string, phoneCountry: string): Checked {
  switch (type) {
    case 'text':
      // One line: a posted line break cannot come from a text input.
      return checkLength(answer.replace(/\s*\n\s*/g, ' '), field.maxLength ?? DEFAULT_MAX_LENGTH.text)
    case 'textarea':
      return checkLength(answer, field.maxLength ?? DEFAULT_MAX_LENGTH.textarea)
    case 'email':
      return checkEmail(answer)
    case 'phone': {
      const phone = normalizePhone(answer, phoneCountry)
      return phone === null ? fail(said('answer.phone')) : ok(phone)
    }
    case 'number': {
      const number = parseDecimal(answer)
      return number === null ? fail(said('answer.number')) : ok(number)
    }
    case 'date':
      return isCalendarDate(answer) ? ok(answer) : fail(said('answer.date'))
    case 'choice':
      return field.options?.some((option) => option.value === answer) ? ok(answer) : fail(said('answer.one-of-options'))
    case 'checkbox':
      return answer === CHECKBOX_VALUE ? ok(answer) : fail(said('answer.checkbox'))
  }
}
