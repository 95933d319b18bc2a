// One contract for the identity provider's admin side, run against every
// SCIM server the tests have: SCIMMY (scim-admin.test.ts) and the
// development provider's own SCIM side (dev-scim.test.ts).
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { IdpRefusedError, type IdpAdmin } from '../../server/people/idp/idp-admin'

export function runIdpAdminContract(name: string, admin: (options?: { token?: string }) => IdpAdmin): void {
  const tag = () => randomBytes(3).toString('hex')

  describe(`the identity provider's admin side: ${name}`, () => {
    it('finds nobody, makes an account, then finds it by address and by phone number', async () => {
      const idp = admin()
      const [email, phone] = [
        `una.${tag()}@example.org`,
        `+4791${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
      ]
      expect(await idp.find({ email, phone })).toBeNull()
      const made = await idp.create({ name: 'Una Unseen', email, phone })
      expect(made).toMatchObject({ name: 'Una Unseen', email, phone })
      expect(await idp.find({ email })).toEqual(made)
      expect(await idp.find({ email: email.toUpperCase() })).toEqual(made)
      expect(await idp.find({ phone })).toEqual(made)
      expect(await idp.find({ email: `someone.else.${tag()}@example.org`, phone })).toEqual(made)
    })

    it('IDP_GROUP_PREFIX: adds to <prefix><group>, making the group when missing; lists, tells and removes members', async () => {
      const idp = admin()
      const group = `volunteers_${tag()}`
      const vic = await idp.create({ name: 'Vic', email: `vic.${tag()}@example.org` })
      const wyn = await idp.create({ name: 'Wyn', email: `wyn.${tag()}@example.org` })
      expect(await idp.hasMember(vic.id, group)).toBe(false)
      await idp.addToGroup(vic.id, group)
      await idp.addToGroup(wyn.id, group)
      await idp.addToGroup(vic.id, group)
      expect((await idp.members(group)).map((p) => p.name).sort()).toEqual(['Vic', 'Wyn'])
      expect(await idp.hasMember(vic.id, group)).toBe(true)
      await idp.removeFromGroup(vic.id, group)
      expect((await idp.members(group)).map((p) => p.name)).toEqual(['Wyn'])
      expect(await idp.hasMember(vic.id, group)).toBe(false)
      // Removing from a group that does not exist there is nothing to do; listing it is nobody.
      await idp.removeFromGroup(vic.id, `nowhere_${tag()}`)
      expect(await idp.members(`nowhere_${tag()}`)).toEqual([])
    })

    it('a wrong token is a refusal, never taken as nobody', async () => {
      await expect(admin({ token: 'not-the-token' }).find({ email: 'una@example.org' })).rejects.toBeInstanceOf(
        IdpRefusedError,
      )
    })
  })
}
