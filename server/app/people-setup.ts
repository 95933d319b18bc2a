// Set-up of the first person and of the responsible people, beside start-up:
// never awaited by the start, never waited on by /readyz. A failure is logged
// and the people:setup task tries again a minute later until it succeeds
// (SPEC 1 rule 3, 7 rule 6).
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { seedFirstPerson } from '../people/seed-first-person'
import { SETUP_KV } from '../people/setup-claim'
import { normalizePhone } from '../content/phone'
import { ensureMailStream } from '../mail/mail-stream'
import { useBus } from './bus'
import { usePeople } from './people'
import { usePeopleBackend } from './people-backend'
import { runResponsibleSetup } from './responsible-setup'

let finished = false
let running: Promise<void> | null = null

/** The first person's set-up and the responsible pass, side by side: neither waits for the other. */
export async function runPeopleSetup(now = new Date()): Promise<void> {
  await Promise.all([runSeed(now), runResponsibleSetup(now)])
}

/** Runs the seed unless it finished here before or is running now. */
function runSeed(now: Date): Promise<void> {
  if (finished) return Promise.resolve()
  running ??= setUp(now).finally(() => {
    running = null
  })
  return running
}

async function setUp(now: Date): Promise<void> {
  const config = useConfig()
  const phone =
    config.SEED_ADMIN_PHONE === undefined ? undefined : normalizePhone(config.SEED_ADMIN_PHONE, config.PHONE_COUNTRY)
  try {
    const [deps, backend, bus] = await Promise.all([usePeople(), usePeopleBackend(), useBus()])
    // The invite's mail goes onto SVC_MAIL, which a fresh bus may not have yet.
    await ensureMailStream(bus)
    const outcome = await seedFirstPerson(
      deps,
      backend,
      await bus.kv(SETUP_KV),
      {
        ...(config.SEED_ADMIN_EMAIL === undefined ? {} : { email: config.SEED_ADMIN_EMAIL }),
        ...(phone == null ? {} : { phone }),
        ...(config.SEED_ADMIN_NAME === undefined ? {} : { name: config.SEED_ADMIN_NAME }),
        ...(config.SEED_GROUP === undefined ? {} : { group: config.SEED_GROUP }),
      },
      now,
    )
    // Another instance holds the claim: look again next minute, in case it stops before it finishes.
    finished = outcome !== 'claimed-elsewhere'
  } catch (error) {
    log('error', 'people', '[svc] [people] set-up of the first person failed; trying again in a minute', {
      error: (error as Error).message,
    })
  }
}
