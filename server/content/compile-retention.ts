// A bucket's `retention:` and `self_erase:`: how long personal data is kept
// and whether the submitter may erase it themselves (docs/privacy.md).
import type { CompileContext } from './compile-context'
import type { Bucket } from './model'
import type { RawBucket } from './schemas/bucket'
import type { Path, YamlFile } from './yaml-file'

// A hundred years: anything longer is a typo, and keeps data as good as forever.
const MAX_RETENTION_DAYS = 36_500

export function compileRetention(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: RawBucket,
  stateRef: (path: Path, state: string) => void,
): Pick<Bucket, 'retention' | 'selfErase'> {
  const { retention } = raw
  if (retention !== undefined) {
    const { days } = retention
    if (!Number.isFinite(days) || days <= 0 || days > MAX_RETENTION_DAYS)
      ctx.report(
        yaml,
        ['retention', 'days'],
        'retention-days',
        `retention.days must be a number of days above 0 and at most ${MAX_RETENTION_DAYS}, e.g. 90 or 0.5`,
      )
    if (retention.in.length === 0)
      ctx.report(
        yaml,
        ['retention', 'in'],
        'bad-value',
        'retention.in needs at least one state: the states whose cases have their personal data erased',
      )
    retention.in.forEach((state, i) => stateRef(['retention', 'in', i], state))
  }
  if (raw.self_erase === true && raw.sign_in === 'none')
    ctx.report(
      yaml,
      ['self_erase'],
      'bad-value',
      'records in a sign_in: none bucket are anonymous, so nobody can erase their own; drop self_erase: or use ' +
        'sign_in: optional',
      { severity: 'warning', key: true },
    )
  return {
    ...(retention === undefined ? {} : { retention: { days: retention.days, in: retention.in } }),
    ...(raw.self_erase === true ? { selfErase: true } : {}),
  }
}
