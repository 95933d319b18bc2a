// A value that was erased (issue 29) reads as the catalogue's words for it wherever a page shows it.
import type { Messages } from '../messages/messages'
import { isErased } from '../records/types'

export const erasedOr = (value: string, m: Messages): string => (isErased(value) ? m.say('privacy.erased') : value)
