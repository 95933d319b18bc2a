// One refused setting, as both the per-variable checks and the checks of
// settings that only make sense together report it.
export interface ConfigProblem {
  readonly variable: string
  /** `NAME: expected …, got "…"`; a secret's value is never shown. */
  readonly line: string
}
