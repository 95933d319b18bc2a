// What the People view says after a post (post/redirect/get carries `?done=`).
const DONE: Readonly<Record<string, string>> = {
  invited: 'The invite is sent. The link in it works until the time shown below.',
  removed: 'Removed. They lose the group at their very next click.',
  again: 'That form was sent already; nothing more was done.',
}

export function doneNotice(done: unknown): { text: string; problem: false } | undefined {
  const text = typeof done === 'string' ? DONE[done] : undefined
  return text === undefined ? undefined : { text, problem: false }
}
