// Where in a content file something is: what the lint prints as file:line:col.
export interface Position {
  readonly line: number
  readonly col: number
}
