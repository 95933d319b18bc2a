// MAIL_REPLY_ADDRESS is a template such as `reply+{token}@example.org`: the
// address each mail about a case gives as its Reply-To, one token per mail.
// Tokens are lowercase base32 so a mail server that folds the case of a
// local part still delivers a reply that matches.

const TOKEN_PLACE = '{token}'
/** What a token is made of (reply-token.ts): lowercase base32. */
export const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyz234567'

export function isReplyTemplate(template: string): boolean {
  const at = template.lastIndexOf('@')
  if (at < 1 || template.split(TOKEN_PLACE).length !== 2) return false
  if (template.indexOf(TOKEN_PLACE) > at) return false
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(template.replace(TOKEN_PLACE, 'x'))
}

export function replyAddress(template: string, token: string): string {
  return template.replace(TOKEN_PLACE, token)
}

/** The token in `address` if it is one of the template's addresses, else null. Case does not matter. */
export function createReplyAddressReader(template: string): (address: string) => string | null {
  const [before = '', after = ''] = template.toLowerCase().split(TOKEN_PLACE)
  return (address) => {
    const lower = address.trim().toLowerCase()
    if (!lower.startsWith(before) || !lower.endsWith(after)) return null
    const token = lower.slice(before.length, lower.length - after.length)
    return /^[a-z2-7]+$/.test(token) ? token : null
  }
}
