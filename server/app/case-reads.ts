// The cases each person has opened (server/desk/case-reads.ts), over the bus's KV.
import { createCaseReads, CASE_READS_KV, type CaseReads } from '../desk/case-reads'
import { memoUntilRejected } from '../memo-until-rejected'
import { useBus } from './bus'

export const useCaseReads: () => Promise<CaseReads> = memoUntilRejected(async () =>
  createCaseReads(await (await useBus()).kv(CASE_READS_KV)),
)
