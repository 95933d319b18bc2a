// The invite form on a desk's People view. A refused post comes back with
// each error beside its field and what was typed kept.
import { newSubmissionToken } from '../../forms/submission-token'
import { INVITE_FIELDS, type InviteFormErrors, type InviteFormInput } from '../../people/invite-form'
import { CSRF_FIELD, hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../service-fields'

export interface InviteFormState {
  readonly kept: InviteFormInput
  readonly errors: InviteFormErrors
}

function field(
  name: keyof InviteFormInput,
  label: string,
  help: string | null,
  control: (described: SafeHtml) => SafeHtml,
  state: InviteFormState | undefined,
): SafeHtml {
  const error = state?.errors[name]
  const id = `invite-${name}`
  const described = error === undefined ? html`` : html` aria-describedby="${id}-error" aria-invalid="true"`
  return html`<div class="field${error === undefined ? '' : ' field-invalid'}"><label for="${id}">${label}</label>${
    help === null ? null : html`<p class="field-help">${help}</p>`
  }${error === undefined ? null : html`<p class="field-error-message" id="${id}-error">${error}</p>`}${control(described)}</div>`
}

export function renderInviteForm(
  action: string,
  groups: readonly string[],
  csrf: string,
  state: InviteFormState | undefined,
): SafeHtml {
  const kept = state?.kept
  const only = groups.length === 1 ? groups[0] : undefined
  const options = groups.map(
    (group) => html`<option value="${group}"${group === (kept?.group ?? only) ? ' selected' : ''}>${group}</option>`,
  )
  return html`<form class="invite-form" method="post" action="${action}" novalidate>${hiddenInputs({
    [CSRF_FIELD]: csrf,
    [SUBMISSION_FIELD]: newSubmissionToken(),
    do: 'invite',
  })}
${field('name', 'Name', null, (d) => html`<input type="text" id="invite-name" name="${INVITE_FIELDS.name}" autocomplete="off" maxlength="240" value="${kept?.name ?? ''}"${d}>`, state)}
${field('contact', 'E-mail address or phone number', 'An address gets the link by e-mail. For a phone number you get the link to pass on.', (d) => html`<input type="text" id="invite-contact" name="${INVITE_FIELDS.contact}" autocomplete="off" inputmode="email" maxlength="500" value="${kept?.contact ?? ''}"${d}>`, state)}
${field('group', 'Group', null, (d) => html`<select id="invite-group" name="${INVITE_FIELDS.group}"${d}>${only === undefined ? html`<option value="">Choose a group</option>` : null}${options}</select>`, state)}
<button type="submit" class="button">Send the invite</button></form>`
}
