// A date or phone answer as people read it everywhere (case page, desk,
// mail): a date in the site's language like the desk's times, a number in
// national format when it has the site's calling code (PHONE_COUNTRY) and
// in international format otherwise. Stored values stay as they are (ISO
// day, E.164); anything else is shown as given.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import type { Clock } from '../messages/clock'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const days = new Map<string, Intl.DateTimeFormat>()

/** "2 Mar 2026" for `2026-03-02`. A calendar day is no instant: it is read in UTC, never shifted a day by a zone. */
export function answerDayText(value: string, clock: Clock): string {
  const date = new Date(`${value}T00:00:00Z`)
  if (!DAY.test(value) || Number.isNaN(date.getTime())) return value
  let format = days.get(clock.language)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(clock.language, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    })
    days.set(clock.language, format)
  }
  return format.format(date)
}

/** "412 34 567" for +4741234567 on a +47 site; "+46 70 123 45 67" for a Swedish number there. */
export function phoneText(value: string, clock: Clock): string {
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined
  if (parsed === undefined) return value
  return `+${parsed.countryCallingCode}` === clock.phoneCountry ? parsed.formatNational() : parsed.formatInternational()
}
