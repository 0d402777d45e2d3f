import { hashingLoad, hashPassword, passwordMatches } from '../../../../../server/src/services/team/users/password-hash'

describe('password hashing', () => {
  it('hashes and checks argon2id passwords', async () => {
    const stored = await hashPassword('Correct-horse-7')
    expect(stored.startsWith('$argon2id$')).toBe(true)
    expect(await passwordMatches(stored, 'Correct-horse-7')).toBe(true)
    expect(await passwordMatches(stored, 'Wrong-horse-7')).toBe(false)
    expect(await passwordMatches(null, 'Correct-horse-7')).toBe(false)
  })

  it('runs no more hashes at once than it has slots (one core fewer than the machine), and finishes every one', async () => {
    const { slots } = hashingLoad()
    let most = 0
    const sampler = setInterval(() => {
      most = Math.max(most, hashingLoad().running)
    }, 1)
    const burst = Array.from({ length: slots + 4 }, (_, index) => hashPassword(`Burst-password-${index}`))
    most = Math.max(most, hashingLoad().running)
    const hashes = await Promise.all(burst)
    clearInterval(sampler)
    expect(most).toBe(slots)
    expect(hashingLoad().running).toBe(0)
    const checks = await Promise.all(hashes.map((stored, index) => passwordMatches(stored, `Burst-password-${index}`)))
    expect(checks.every(Boolean)).toBe(true)
  })
})
