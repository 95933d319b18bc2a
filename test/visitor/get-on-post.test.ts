// A form's post address opened with GET (a reload after a refused form, a
// bookmark, a link someone shared) leads to the page the form belongs to,
// never "Method get is not allowed on this route".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const location = async (path: string, method = 'GET') => {
  const response = await fetch(`${server.url}${path}`, { method, redirect: 'manual' })
  return [response.status, response.headers.get('location')]
}

describe('a form post address opened with GET', () => {
  it('the filing address leads to the page the bucket form is on; an unknown bucket to the home page', async () => {
    expect(await location('/file/potholes')).toEqual([302, '/'])
    // The districts form is on the staff page.
    expect(await location('/file/districts')).toEqual([302, '/staff'])
    expect(await location('/file/nowhere')).toEqual([302, '/'])
    expect(await location('/file/potholes', 'HEAD')).toEqual([302, '/'])
  })

  it('a self move address leads to the case page; a desk move or message address to the desk record', async () => {
    expect(await location('/self/potholes/abc123')).toEqual([302, '/my/potholes/abc123'])
    expect(await location('/self/potholes/..%2F..')).toEqual([302, '/'])
    expect(await location('/desk/caseworkers/potholes/abc123/move')).toEqual([302, '/desk/caseworkers/potholes/abc123'])
    expect(await location('/desk/caseworkers/potholes/abc123/write')).toEqual([
      302,
      '/desk/caseworkers/potholes/abc123',
    ])
    expect(await location('/desk/Case%20Desk/potholes/abc123/move')).toEqual([302, '/desk'])
  })
})
