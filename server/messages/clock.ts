// Where and how a site tells the time: the site's Messages is one, so
// renderers format times without reaching back into the catalogue.
export interface Clock {
  readonly language: string
  readonly timeZone: string
}
