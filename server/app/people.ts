// The people the service has seen, kept on the bus so every instance knows them.
import { createPeopleDirectory, type PeopleDirectory } from '../access/people-directory'
import { useBus } from './bus'

let directory: Promise<PeopleDirectory> | null = null

export function usePeopleDirectory(): Promise<PeopleDirectory> {
  directory ??= useBus().then(async (bus) => createPeopleDirectory(await bus.kv('svc_people')))
  // A failed open (bus down at that moment) is retried by the next caller.
  directory.catch(() => {
    directory = null
  })
  return directory
}
