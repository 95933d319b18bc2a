// Names of the inputs the service adds to its own forms. Content field names
// cannot start with `svc_`, so these never meet a bucket's field.

/** The page a form was on: the post returns there. */
export const PAGE_FIELD = 'svc_page'
/** The record a record page shows, beside PAGE_FIELD. */
export const RECORD_FIELD = 'svc_record'
/** A self move's name and the record version the button was drawn at. */
export const EDGE_FIELD = 'svc_edge'
export const SEQ_FIELD = 'svc_seq'
/** The form's one-time submission token (server/forms/submission-token.ts). */
export const SUBMISSION_FIELD = 'svc_submission'
/** The hidden CSRF input. */
export const CSRF_FIELD = 'svc_csrf'
/** A step that asks again was answered yes (a self move that closes the case). */
export const CONFIRMED_FIELD = 'svc_confirmed'
/** The form was drawn with files kept for it (files/pending-upload.ts): only its post looks for them. */
export const KEPT_FIELD = 'svc_kept'
