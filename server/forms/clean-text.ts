// Answers as stored: one newline convention, and no control characters that
// could hide text or upset a terminal, mail or CSV export. Newline and tab are
// kept because a textarea answer legitimately holds them.

// After CR is folded into LF, everything else below U+0020, DEL and the C1 set.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

export function cleanText(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROLS, '')
}

/** Length in characters (code points), so a multi-byte letter counts once. */
export function characterCount(text: string): number {
  return [...text].length
}
