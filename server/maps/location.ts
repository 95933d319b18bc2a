// A location field's stored value (`lat,lng`, see forms/check-location.ts) read back as a place.

/** `lat,lng` as stored for a location field; null for anything else. */
export function readLocation(value: string | undefined): { lat: number; lng: number } | null {
  const [lat, lng, extra] = (value ?? '').split(',').map((part) => Number(part.trim()))
  if (lat === undefined || lng === undefined || extra !== undefined || !Number.isFinite(lat) || !Number.isFinite(lng))
    return null
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}
