// The desk's plain helpers: CSV cells, the query string and paging.
import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../server/desk/csv'
import { bucketFilter, filterQuery, parseDeskQuery } from '../../server/desk/desk-query'
import { pageWindow } from '../../server/desk/paging'
import { loadDemo } from '../support/demo-site'

describe('CSV', () => {
  it('quotes as RFC 4180 says: only when needed, quotes doubled, CRLF between records', () => {
    expect(
      toCsv([
        ['id', 'street'],
        ['a1', 'Mill Lane 1, north'],
        ['a2', 'say "hi"'],
        ['a3', 'two\nlines'],
      ]),
    ).toBe('id,street\r\na1,"Mill Lane 1, north"\r\na2,"say ""hi"""\r\na3,"two\nlines"\r\n')
  })

  it('makes a cell a spreadsheet would run as a formula plain text', () => {
    expect(['=1+1', '+SUM(A1)', '-2', '@cmd', '\t=x', '\r=x'].map(csvCell)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      "'\t'=x",
      '"\'\r\'=x"',
    ])
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"')
    expect(['Mill Lane', 'a=b', '1-2', ''].map(csvCell)).toEqual(['Mill Lane', 'a=b', '1-2', ''])
  })
})

describe('the desk query', () => {
  it('keeps what fits and drops what does not, instead of refusing the page', () => {
    expect(parseDeskQuery({ bucket: 'potholes', state: 'new', q: '  mill  ', page: '3' })).toEqual({
      bucket: 'potholes',
      state: 'new',
      q: 'mill',
      sort: 'newest',
      page: 3,
    })
    expect(parseDeskQuery({ bucket: 'Pot-holes', state: '<x>', q: ['a', 'b'], page: '-1' })).toEqual({
      bucket: undefined,
      state: undefined,
      q: 'a',
      sort: 'newest',
      page: 1,
    })
    expect(parseDeskQuery({ page: '2.5' }).page).toBe(1)
    expect(parseDeskQuery({ q: 'x'.repeat(500) }).q).toHaveLength(200)
    expect(parseDeskQuery(undefined)).toEqual({
      bucket: undefined,
      state: undefined,
      q: '',
      sort: 'newest',
      page: 1,
    })
    expect(parseDeskQuery({ sort: 'moved', state: '_all' })).toMatchObject({ sort: 'moved', state: '_all' })
    expect(parseDeskQuery({ sort: 'sideways' }).sort).toBe('newest')
  })

  it('takes only a state the bucket has, and writes links without empty values', async () => {
    const potholes = (await loadDemo()).buckets.get('potholes')!
    expect(bucketFilter(potholes, parseDeskQuery({ state: 'retired' })).state).toBeUndefined()
    expect(bucketFilter(potholes, parseDeskQuery({ state: 'fixed' })).state).toBe('fixed')
    expect(filterQuery('potholes', { state: undefined, q: '', sort: 'newest', page: 1 })).toBe('?bucket=potholes')
    expect(filterQuery('potholes', { state: 'new', q: 'a&b', sort: 'state', page: 2 })).toBe(
      '?bucket=potholes&state=new&q=a%26b&sort=state&page=2',
    )
  })
})

describe('paging', () => {
  it('has 25 to a page, and shows the last page for one past the end', () => {
    expect(pageWindow(30, 1)).toEqual({ page: 1, pages: 2, offset: 0 })
    expect(pageWindow(30, 2)).toEqual({ page: 2, pages: 2, offset: 25 })
    expect(pageWindow(30, 9)).toEqual({ page: 2, pages: 2, offset: 25 })
    expect(pageWindow(0, 4)).toEqual({ page: 1, pages: 1, offset: 0 })
  })
})
