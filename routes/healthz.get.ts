import { defineEventHandler } from 'h3'

// Liveness only: answers without the bus or the content.
export default defineEventHandler(() => ({ ok: true }))
