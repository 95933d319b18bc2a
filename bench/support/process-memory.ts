// A process's memory as Linux counts it: VmRSS now, VmHWM the peak since it
// started, so a bench needs no sampler to catch a short spike.
import { readFileSync } from 'node:fs'

export interface ProcessMemory {
  readonly rssMb: number
  readonly peakMb: number
}

/** Zero for a process that is gone (or not on Linux). */
export function processMemory(pid: number): ProcessMemory {
  let status = ''
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    // gone: zeros
  }
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') }
}
