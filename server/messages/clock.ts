// Where and how a site tells the time (and writes a phone number): the site's Messages is one, so
// renderers format times without reaching back into the catalogue.
export interface Clock {
  readonly language: string
  readonly timeZone: string
  /** The calling code whose numbers are shown in national format (PHONE_COUNTRY); others in international. */
  readonly phoneCountry?: string
}
