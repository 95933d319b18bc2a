// A place given as two inputs, `<field>.lat` and `<field>.lng`, stored as
// `lat,lng`. Half a place is no place, so both or neither must be given.
import { said } from '../messages/said'
import { fail, ok, type Checked } from './checked'
import { parseDecimal } from './decimal'

// Six decimals are about 10 cm: finer is noise from a device, not a place.
function rounded(degrees: number): string {
  return String(Number(degrees.toFixed(6)))
}

function degreesWithin(text: string, limit: number): number | null {
  const decimal = parseDecimal(text)
  if (decimal === null) return null
  const degrees = Number(decimal)
  return Math.abs(degrees) <= limit ? degrees : null
}

export function checkLocation(required: boolean, lat: string, lng: string): Checked {
  if (lat === '' && lng === '') return required ? fail(said('answer.lat-lng')) : ok('')
  if (lat === '' || lng === '') return fail(said('answer.both-lat-lng'))
  const latitude = degreesWithin(lat, 90)
  if (latitude === null) return fail(said('answer.latitude'))
  const longitude = degreesWithin(lng, 180)
  if (longitude === null) return fail(said('answer.longitude'))
  return ok(`${rounded(latitude)},${rounded(longitude)}`)
}
