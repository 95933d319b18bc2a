// The invite form on a desk's People view. A refused post comes back with
// its problems listed first, each error beside its field and what was typed kept.
import type { MessageId } from '../../messages/en'
import type { Messages } from '../../messages/messages'
import { newSubmissionToken } from '../../forms/submission-token'
import { INVITE_FIELDS, type InviteFormErrors, type InviteFormInput } from '../../people/invite-form'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../../forms/service-fields'

const LABELS = {
  name: 'people.field.name',
  contact: 'people.field.contact',
  group: 'people.field.group',
} as const satisfies Readonly<Record<keyof InviteFormInput, MessageId>>

export interface InviteFormState {
  readonly kept: InviteFormInput
  readonly errors: InviteFormErrors
}

function field(
  name: keyof InviteFormInput,
  help: string | null,
  control: (described: SafeHtml) => SafeHtml,
  state: InviteFormState | undefined,
  m: Messages,
): SafeHtml {
  const error = state?.errors[name]
  const id = `invite-${name}`
  const label = m.say(LABELS[name])
  const described = error === undefined ? html`` : html` aria-describedby="${id}-error" aria-invalid="true"`
  return html`<div class="field${error === undefined ? '' : ' field-invalid'}"><label for="${id}">${label}</label>${
    help === null ? null : html`<p class="field-help">${help}</p>`
  }${error === undefined ? null : html`<p class="field-error-message" id="${id}-error">${m.tell(error)}</p>`}${control(described)}</div>`
}

/** The problems of a refused post, first in the form, each linking to its field: announced, and seen at the top. */
function errorSummary(errors: InviteFormErrors, m: Messages): SafeHtml | null {
  const items = (Object.keys(LABELS) as (keyof InviteFormInput)[]).flatMap((name) => {
    const error = errors[name]
    return error === undefined
      ? []
      : [html`<li><a href="#invite-${name}">${m.say(LABELS[name])}: ${m.tell(error)}</a></li>`]
  })
  if (items.length === 0) return null
  const heading = html`<h3 id="invite-errors">${m.say('people.not-sent')}</h3>`
  const attrs = html`role="alert" aria-labelledby="invite-errors" tabindex="-1" autofocus`
  return html`<div class="error-summary" ${attrs}>${heading}<ul>${items}</ul></div>`
}

export function renderInviteForm(
  action: string,
  groups: readonly string[],
  csrf: string,
  state: InviteFormState | undefined,
  m: Messages,
  label: (group: string) => string = (group) => group,
): SafeHtml {
  const kept = state?.kept
  const only = groups.length === 1 ? groups[0] : undefined
  const options = groups.map(
    (group) =>
      html`<option value="${group}"${group === (kept?.group ?? only) ? ' selected' : ''}>${label(group)}</option>`,
  )
  const choose = only === undefined ? html`<option value="">${m.say('people.choose-group')}</option>` : null
  return html`<form class="invite-form" method="post" action="${action}" novalidate>${hiddenInputs({
    [CSRF_FIELD]: csrf,
    [SUBMISSION_FIELD]: newSubmissionToken(),
    do: 'invite',
  })}${state === undefined ? null : errorSummary(state.errors, m)}
${field('name', null, (d) => textInput('name', 240, kept?.name, d), state, m)}
${field('contact', m.say('people.contact-help'), (d) => textInput('contact', 500, kept?.contact, d), state, m)}
${field('group', null, (d) => html`<select id="invite-group" name="${INVITE_FIELDS.group}"${d}>${choose}${options}</select>`, state, m)}
<button type="submit" class="button">${m.say('people.send-invite')}</button></form>`
}

function textInput(
  name: 'name' | 'contact',
  maxlength: number,
  kept: string | undefined,
  described: SafeHtml,
): SafeHtml {
  const limits = html`autocomplete="off" maxlength="${maxlength}"`
  return html`<input type="text" id="invite-${name}" name="${INVITE_FIELDS[name]}" ${limits} value="${kept ?? ''}"${described}>`
}
