// The people the service has seen, and what people code works with: the
// memberships, the invites, the current content and the invite link's base.
import { activateAtSignIn } from '../people/activate-at-sign-in'
import { createInvites, type Invites } from '../people/invites'
import { createPeopleDirectory, PEOPLE_KV, type PeopleDirectory } from '../people/people-directory'
import type { PeopleDeps } from '../people/people-deps'
import { whileUnavailable } from '../bus/while-unavailable'
import { log } from '../log'
import type { SessionUser } from '../sessions'
import { readPublicUrl } from '../sign-in/sign-in-settings'
import { useConfig } from '../config/use-config'
import { useBus } from './bus'
import { useContent } from './content'
import { useMemberships } from './memberships'
import { isDevelopment } from '../config/mode'

// Activation is safe to run again: each write is decided on the record as the bus holds it.
const ACTIVATE_WINDOW_MS = 6000
const ACTIVATE_PAUSE_MS = 500

let directory: Promise<PeopleDirectory> | null = null
let invites: Invites | null = null

export function usePeopleDirectory(): Promise<PeopleDirectory> {
  directory ??= useBus().then(async (bus) => createPeopleDirectory(await bus.kv(PEOPLE_KV)))
  // A failed open (bus down at that moment) is retried by the next caller.
  directory.catch(() => {
    directory = null
  })
  return directory
}

/** Memberships, invites and the content as it is now. */
export async function usePeople(): Promise<PeopleDeps> {
  const config = useConfig()
  const [bus, memberships, { site }] = await Promise.all([useBus(), useMemberships(), useContent()])
  invites ??= createInvites(bus)
  const publicUrl = readPublicUrl(config, isDevelopment(config)) ?? ''
  return { bus, memberships, invites, site, publicUrl, ttlHours: config.INVITE_TTL_HOURS }
}

/**
 * Keeps the groups a person signed in with, so access questions that name them
 * without groups are answered as they are. A failure here never fails a sign-in.
 */
export async function rememberPerson(user: SessionUser): Promise<void> {
  try {
    await (await usePeopleDirectory()).remember(user, user.groups)
  } catch (error) {
    log('warn', 'access', '[svc] [access] could not remember a signed-in person', { error: (error as Error).message })
  }
}

/**
 * SPEC 2, Membership rules 2 and 3, at sign-in. A cluster electing a leader is
 * waited out for a few seconds, as a person waits on a slow page; a failure
 * after that is logged and the sign-in goes on, and false tells the caller the
 * memberships are as they were (the person's next sign-in tries again).
 */
export async function activateMemberships(user: SessionUser): Promise<boolean> {
  try {
    const activate = async () => activateAtSignIn(await usePeople(), user, new Date())
    await whileUnavailable(activate, ACTIVATE_WINDOW_MS, ACTIVATE_PAUSE_MS)
    return true
  } catch (error) {
    log('error', 'people', '[svc] [people] memberships were not brought up to date at sign-in', {
      subject: user.subject,
      error: (error as Error).message,
    })
    return false
  }
}
