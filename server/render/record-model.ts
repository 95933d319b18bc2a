// Records as the renderer receives them: already narrowed to what the
// visitor may see and read in their storyline, so a renderer cannot leak a
// field it was never given.

export interface ShownField {
  readonly name: string
  readonly label: string
  readonly value: string
  /** A link for the value, e.g. to a referenced record's page or an attached file. */
  readonly href?: string
  /** A small picture of an attached image. */
  readonly preview?: string
  readonly multiline?: boolean
}

export interface SelfMoveButton {
  readonly edge: string
  readonly label: string
}

export interface RecordSummary {
  readonly id: string
  readonly bucket: string
  /** The version self-move buttons expect. */
  readonly seq: number
  /** Absent when the name is not the visitor's to see. */
  readonly name?: string
  readonly href?: string
  readonly stateLabel: string
  readonly filedAt: string
  /** The case's short reference, on the submitter's own records. */
  readonly reference?: string
  readonly fields: readonly ShownField[]
  readonly selfMoves: readonly SelfMoveButton[]
}

export interface ListData {
  readonly items: readonly RecordSummary[]
  readonly total: number
  readonly moreHref?: string
  readonly newestHref?: string
  /** A `mine` list for someone not signed in: where to sign in. */
  readonly signInHref?: string
}

/** What a self-move button posts besides its edge. */
export interface SelfMoveForm {
  readonly csrf?: string
  /** Where the visitor is sent back to. */
  readonly pagePath: string
  /** The case's capability, when the page was opened by its mail's link. */
  readonly caseToken?: string
}

/** A place a map block shows: a record the viewer may see, with a location. */
export interface MapPoint {
  readonly lat: number
  readonly lng: number
  readonly label: string
  readonly href?: string
}
