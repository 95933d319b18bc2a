// One structured line per event, so logs can be searched without regexes.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export function log(level: LogLevel, area: string, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, area, message, ...fields })
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}
