// The responsible pass, beside the first person's set-up: at start, on every
// svc.content.reloaded for the content this instance serves, and each minute
// (the people:setup task) for the people whose step failed. With several
// instances, whoever claims `responsible-pass.<revision>` in svc_setup does
// the pass for that revision; a pass that fails lets go of its claim, and one
// left by a stopped instance is taken over (SPEC 1 rules 3 and 4, 7 rule 6).
import { createHash } from 'node:crypto'
import { decodeJson } from '../bus/payload'
import { CONTENT_RELOADED } from '../content/bus-messages'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { runResponsiblePass } from '../people/responsible-pass'
import { claimSetup, finishSetup, readMarker, releaseSetup, SETUP_KV } from '../people/setup-claim'
import { ensureMailStream } from '../mail/mail-stream'
import { useBus } from './bus'
import { useContent } from './content'
import { usePeople } from './people'
import { usePeopleBackend } from './people-backend'

/** The revision this instance has seen done (by itself or another), and who still waits for a retry. */
let done: string | null = null
let retry = new Set<string>()
let running: Promise<void> | null = null

export function runResponsibleSetup(now = new Date()): Promise<void> {
  running ??= step(now).finally(() => {
    running = null
  })
  return running
}

async function step(now: Date): Promise<void> {
  try {
    const [deps, backend, bus] = await Promise.all([usePeople(), usePeopleBackend(), useBus()])
    const { revision } = (await useContent()).snapshot
    if (done === revision && retry.size === 0) return
    const setup = await bus.kv(SETUP_KV)
    const group = useConfig().RESPONSIBLE_GROUP
    if (done === revision) {
      const outcome = await runResponsiblePass(deps, backend, setup, { ...(group ? { group } : {}), now, only: retry })
      retry = new Set(outcome.failed)
      return
    }
    await ensureMailStream(bus)
    const claim = `responsible-pass.${createHash('sha256').update(revision).digest('hex').slice(0, 32)}`
    if (!(await claimSetup(setup, claim, now))) {
      // Done by another instance; or under way there, looked at again next minute (taken over once stale).
      if ((await readMarker(setup, claim))?.state === 'done') {
        done = revision
        retry = new Set()
      }
      return
    }
    let outcome
    try {
      outcome = await runResponsiblePass(deps, backend, setup, { ...(group ? { group } : {}), now })
    } catch (error) {
      await releaseSetup(setup, claim)
      throw error
    }
    await finishSetup(setup, claim, now)
    done = revision
    retry = new Set(outcome.failed)
    log('info', 'people', 'responsible people gone over', { revision, ...outcome, failed: outcome.failed.length })
  } catch (error) {
    log('error', 'people', '[svc] [people] the responsible pass failed; trying again in a minute', {
      error: (error as Error).message,
    })
  }
}

/** SPEC 1 rule 4, 6 rule 3: the pass goes over the people again whenever new content is live here. */
export async function listenForReloads(): Promise<void> {
  const bus = await useBus()
  await bus.subscribe(CONTENT_RELOADED, async ({ data }) => {
    const revision = readRevision(data)
    // Another instance's news, before this one has the same content: its own announcement will come.
    if (revision !== (await useContent()).snapshot.revision) return
    await runResponsibleSetup()
  })
}

function readRevision(data: Uint8Array): string | null {
  try {
    const message = decodeJson<{ revision?: unknown }>(data)
    return typeof message.revision === 'string' ? message.revision : null
  } catch {
    return null
  }
}
