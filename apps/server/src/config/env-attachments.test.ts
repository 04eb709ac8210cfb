import { describe, expect, it } from 'vitest'
import { configProblems as problems, envWith } from './env.test-support.ts'

describe('ATTACHMENTS_MAX_MB_PER_USER (issue 49)', () => {
  it('is 1 GB a person by default, in bytes', () => {
    expect(envWith({}).attachmentsMaxBytesPerUser).toBe(1024 * 1024 * 1024)
    expect(envWith({ ATTACHMENTS_MAX_MB_PER_USER: '50' }).attachmentsMaxBytesPerUser).toBe(50 * 1024 * 1024)
  })

  it('stops start-up on a value that is not a whole number of megabytes, saying so', () => {
    expect(problems({ ATTACHMENTS_MAX_MB_PER_USER: 'lots' }).join('\n')).toMatch(
      /ATTACHMENTS_MAX_MB_PER_USER/,
    )
    expect(problems({ ATTACHMENTS_MAX_MB_PER_USER: '1.5' }).join('\n')).toMatch(/whole number of megabytes/)
    expect(problems({ ATTACHMENTS_MAX_MB_PER_USER: '0' }).join('\n')).toMatch(/at least 1/)
  })
})
