// The development provider's sign-in page: one real form per demo person,
// under a banner nobody can miss.
import { html, raw } from '../../render/html'
import type { DemoPerson } from './people'

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f6f6}
.banner{background:#b00020;color:#fff;padding:1rem;text-align:center;font-size:1.25rem;font-weight:700}
main{max-width:36rem;margin:0 auto;padding:1rem}
ul{list-style:none;padding:0}
li{background:#fff;border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:.75rem 0}
button{font:inherit;font-weight:700;padding:.6rem 1rem;border:0;border-radius:.4rem;
background:#1f4e8c;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.who{display:block;color:#444;font-size:.9rem;margin-top:.25rem}
`

export function renderLoginPage(uid: string, people: readonly DemoPerson[]): string {
  const action = `/interaction/${encodeURIComponent(uid)}`
  const items = people.map((person) => {
    const groups = person.groups.length === 0 ? 'none' : person.groups.join(', ')
    return html`<li><form method="post" action="${action}/login">
<input type="hidden" name="person" value="${person.id}">
<button type="submit">Sign in as ${person.name}</button>
<span class="who">${person.email} · ${person.phone} · groups: ${groups}</span>
</form></li>`
  })
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<div class="banner" role="alert">Development sign-in: not for production</div>
<main>
<h1>Sign in as a demo person</h1>
<p>Anyone can be anyone here. This provider runs inside the service because IDP_URL is unset in development mode.</p>
<ul>${items}</ul>
<h2>Or as someone else</h2>
<form method="post" action="${action}/login">
<p><label for="email">E-mail address</label><br><input type="email" id="email" name="email" required autocomplete="off"
  style="font:inherit;padding:.5rem;width:100%;box-sizing:border-box"></p>
<button type="submit">Sign in with this address</button>
<span class="who">A person with no groups and this verified address: the one an invite was sent to, say.</span>
</form>
<p><a href="${action}/abort">Cancel the sign-in</a></p>
</main>
</body>
</html>
`.toString()
}
