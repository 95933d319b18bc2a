// The people the service has seen, kept on the bus so every instance knows them.
import { createPeopleDirectory, PEOPLE_KV, type PeopleDirectory } from '../people/people-directory'
import { log } from '../log'
import type { SessionUser } from '../sessions'
import { useBus } from './bus'

let directory: Promise<PeopleDirectory> | null = null

export function usePeopleDirectory(): Promise<PeopleDirectory> {
  directory ??= useBus().then(async (bus) => createPeopleDirectory(await bus.kv(PEOPLE_KV)))
  // A failed open (bus down at that moment) is retried by the next caller.
  directory.catch(() => {
    directory = null
  })
  return directory
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
