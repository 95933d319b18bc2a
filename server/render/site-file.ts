// Content files under public/ are served at /site/**. Each segment is
// percent-encoded so the path is inert in attributes and in CSS url("..."), and
// dot segments are dropped so a path cannot climb out of /site/.
export function siteFileUrl(file: string): string {
  const segments = file.split('/').filter((s) => s !== '' && s !== '.' && s !== '..')
  return `/site/${segments.map(encodeURIComponent).join('/')}`
}
