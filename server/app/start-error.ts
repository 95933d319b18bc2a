/** A start-up step that failed: the message is the line to log, the fields go beside it. */
export class StartError extends Error {
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message)
    this.name = 'StartError'
  }
}
