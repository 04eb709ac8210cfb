// .githooks/commit-msg holds the commit message habit: a subject of at most 72 characters, a blank line,
// then the body. Each message below is checked by the hook as git would run it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const hook = join(import.meta.dirname, '..', '.githooks', 'commit-msg')
const dir = mkdtempSync(join(tmpdir(), 'remi-commit-msg-'))

function check(message: string): { ok: boolean; said: string } {
  const file = join(dir, 'COMMIT_EDITMSG')
  writeFileSync(file, message)
  const run = spawnSync('sh', [hook, file], { encoding: 'utf8' })
  return { ok: run.status === 0, said: run.stderr }
}

describe('commit-msg hook', () => {
  it('accepts a short subject, a blank line and a body', () => {
    expect(check('Reminders: delivery in its own file\n\nWhy, and the figures.\n')).toEqual({
      ok: true,
      said: '',
    })
    expect(check('Fix a typo\n')).toEqual({ ok: true, said: '' })
    // git's own comment lines are not the message.
    expect(check('# Please enter the commit message\nFix a typo\n').ok).toBe(true)
  })

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const subject = 'x'.repeat(73)
    const result = check(`${subject}\n\nbody\n`)
    expect(result.ok).toBe(false)
    expect(result.said).toContain('73 characters')
    expect(check(`${'é'.repeat(72)}\n`).ok).toBe(true)
  })

  it('refuses a body with no blank line after the subject, and an empty message', () => {
    expect(check('Subject\nbody right under it\n').ok).toBe(false)
    expect(check('\n').ok).toBe(false)
  })
})
