// What the service and its preview worker (preview-worker-cli.ts) agree on.

/** The longest side of a preview, in pixels. */
export const PREVIEW_EDGE = 640

/** The worker's exit code for a picture over the pixel budget (judged from its header, nothing decoded). */
export const OVER_BUDGET = 3
