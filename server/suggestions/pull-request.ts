// Beyond the SPEC: an accepted suggestion becomes a pull request on an
// `owner/name` content repository, through the same git host API the content
// is read from (GitHub's REST API, GIT_API_URL, GIT_API_TOKEN): a branch from
// the content branch, one commit of the page file with the suggestion written
// in, and the pull request. Merging it reloads the site as any push does.
import { Buffer } from 'node:buffer'
import type { ContentFiles } from '../content/compile'
import type { SiteModel } from '../content/model'
import { applyChanges } from './apply-suggestion'
import { changeHeading } from './suggestion-diff'
import type { Suggestion } from './suggestion-record'
import { messagesFor } from '../messages/messages'

export interface GitHostRepo {
  readonly repo: string
  readonly branch: string
  readonly apiUrl: string
  readonly token: string
}

export interface LiveFiles {
  readonly site: SiteModel
  readonly files: ContentFiles
}

export function createPullRequestOpener(host: GitHostRepo, live: () => Promise<LiveFiles>) {
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${host.apiUrl.replace(/\/$/, '')}/repos/${host.repo}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${host.token}`,
        'user-agent': 'svc',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    })
    if (!response.ok)
      throw new Error(`[svc] [suggestions] the content host answered HTTP ${response.status} to ${method}`)
    return (await response.json()) as T
  }

  return async (suggestion: Suggestion): Promise<Suggestion['pullRequest']> => {
    const { site, files } = await live()
    const page = site.pages.find((p) => p.file === suggestion.file)
    const applied = page === undefined ? null : applyChanges(files, page, site.storylines, suggestion.changes)
    if (applied === null) throw new Error('[svc] [suggestions] the page is no longer where the suggestion was made')
    const head = `svc-suggestion-${suggestion.id}`
    const base = await call<{ object: { sha: string } }>('GET', `/git/ref/heads/${encodeURIComponent(host.branch)}`)
    await call('POST', '/git/refs', { ref: `refs/heads/${head}`, sha: base.object.sha })
    const path = suggestion.file.split('/').map(encodeURIComponent).join('/')
    const now = await call<{ sha: string }>('GET', `/contents/${path}?ref=${encodeURIComponent(host.branch)}`)
    const m = messagesFor(site, 0)
    const who = suggestion.by.name ?? suggestion.by.email ?? m.say('pull.someone')
    await call('PUT', `/contents/${path}`, {
      message: m.say('pull.commit', { page: suggestion.page, who }),
      content: Buffer.from(applied.fileText).toString('base64'),
      sha: now.sha,
      branch: head,
    })
    const pull = await call<{ html_url: string; number: number }>('POST', '/pulls', {
      title: m.say('mail.suggestion.subject', { title: suggestion.title }),
      head,
      base: host.branch,
      body: `${m.say('pull.body', { who })}\n\n${suggestion.changes.map((change) => `- ${m.tell(changeHeading(change))}`).join('\n')}`,
    })
    return { url: pull.html_url, number: pull.number }
  }
}
