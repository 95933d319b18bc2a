import { describe, expect, it } from 'vitest'
import { sanitizeReturnPath } from '../../server/sign-in/return-path'

describe('the return path after sign-in', () => {
  it('keeps a local path with its query and fragment', () => {
    expect(sanitizeReturnPath('/')).toBe('/')
    expect(sanitizeReturnPath('/potholes/42')).toBe('/potholes/42')
    expect(sanitizeReturnPath('/staff?tab=new#list')).toBe('/staff?tab=new#list')
    expect(sanitizeReturnPath('/a/../b')).toBe('/b')
  })

  it('turns anything that could leave the site into /', () => {
    for (const elsewhere of [
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'http://evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /x',
      '',
      '/a\\b',
    ]) {
      expect(sanitizeReturnPath(elsewhere), elsewhere).toBe('/')
    }
  })

  it('turns a path whose dot segments resolve to //host into /', () => {
    for (const elsewhere of [
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/x/%2e%2e//evil.example/y?q=1',
    ]) {
      expect(sanitizeReturnPath(elsewhere), elsewhere).toBe('/')
    }
  })

  it('turns what is not one string, too long, or the sign-in itself into /', () => {
    expect(sanitizeReturnPath(undefined)).toBe('/')
    expect(sanitizeReturnPath(['/a', '/b'])).toBe('/')
    expect(sanitizeReturnPath(`/${'a'.repeat(3000)}`)).toBe('/')
    expect(sanitizeReturnPath('/auth/sign-in?return=/x')).toBe('/')
    expect(sanitizeReturnPath('/auth/callback')).toBe('/')
  })
})
