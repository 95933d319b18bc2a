// A process's CPU time as Linux counts it (user + system, all threads), so a
// bench can say what one request cost the service whatever else the machine
// was running: a rate on a shared machine moves with the neighbours, the CPU
// a request takes much less.
import { readFileSync } from 'node:fs'

// The kernel's USER_HZ: 100 on every Linux Node runs on.
const TICKS_PER_S = 100

/** Milliseconds of CPU `pid` has used so far; zero for a process that is gone (or not on Linux). */
export function processCpuMs(pid: number): number {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0
  }
  // Fields after the command name, which may hold spaces but ends at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are the stat file's 14th and 15th fields: 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S
}
