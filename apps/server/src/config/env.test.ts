import { execFile } from 'node:child_process'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadEnv } from './env.ts'

const secret = { SESSION_SECRET: 's'.repeat(40) }
const problems = (env: Record<string, string>) => {
  try {
    loadEnv({ ...secret, ...env })
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('configuration', () => {
  it('works with no configuration at all: loopback, local sign-in, offline assistant', () => {
    const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'remi-env-')) })
    expect(env.port).toBe(3000)
    expect(env.host).toBe('127.0.0.1')
    expect(env.appUrl).toBe('http://localhost:3000')
    expect(env.providers.google.mode).toBe('local')
    expect(env.providers.microsoft.mode).toBe('local')
    expect(env.ai.provider).toBe('none')
    expect(env.secureCookies).toBe(false)
    expect(env.recallLocalMeaning).toBe(false)
  })

  it('generates the session secret once into DATA_DIR with mode 0600 and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'remi-env-'))
    const first = loadEnv({ DATA_DIR: dir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600)
    expect(loadEnv({ DATA_DIR: dir }).sessionSecret).toBe(first)
  })

  it('uses Google and Microsoft when their credentials are set, with the multi-tenant default', () => {
    const env = loadEnv({
      ...secret,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
    })
    expect(env.providers.google).toMatchObject({ mode: 'external', issuer: 'https://accounts.google.com' })
    expect(env.providers.microsoft).toMatchObject({
      mode: 'external',
      issuer: 'https://login.microsoftonline.com/common/v2.0',
    })
  })

  it('refuses a non-loopback HOST with no provider credentials unless LOCAL_SIGNIN=on, saying why', () => {
    expect(problems({ HOST: '0.0.0.0' })[0]).toMatch(
      /HOST 0\.0\.0\.0 is not a loopback address and no Google or Microsoft credentials are set/,
    )
    expect(problems({ HOST: '0.0.0.0', LOCAL_SIGNIN: 'auto' })).toHaveLength(1)
    expect(problems({ HOST: '0.0.0.0', LOCAL_SIGNIN: 'on' })).toEqual([])
    expect(problems({ HOST: '0.0.0.0', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' })).toEqual([])
    expect(problems({ LOCAL_SIGNIN: 'off' })[0]).toMatch(/nobody could sign in/)
  })

  it('reads SMTP_URL at start: an address nodemailer could not open stops start-up, not the first e-mail', () => {
    expect(problems({ SMTP_URL: 'smtp://mail.example.test:587' })).toEqual([])
    expect(problems({ SMTP_URL: 'smtps://user:p%40ss@mail.example.test' })).toEqual([])
    expect(problems({ SMTP_URL: 'mail.example.test' })).toEqual([
      'SMTP_URL: must start with smtp:// or smtps://',
    ])
    expect(problems({ SMTP_URL: 'smtp://user:p@ss:w/rd@[mail' })).toEqual([
      'SMTP_URL: is not a valid address (a password with @, : or / is written %40, %3A, %2F)',
    ])
  })

  it('lists every bad value at once, naming the variable', () => {
    const list = problems({
      PORT: 'eighty',
      LOCAL_SIGNIN: 'maybe',
      DATABASE_URL: 'mysql://x',
      APP_URL: 'not a url',
      AI_PROVIDER: 'skynet',
      SESSION_SECRET: 'short',
      ALLOW_PRIVATE_NETWORK_URLS: 'perhaps',
      RECALL_LOCAL_MEANING: 'yes',
    })
    const text = list.join('\n')
    for (const name of [
      'PORT',
      'LOCAL_SIGNIN',
      'DATABASE_URL',
      'APP_URL',
      'AI_PROVIDER',
      'SESSION_SECRET',
      'ALLOW_PRIVATE_NETWORK_URLS',
      'RECALL_LOCAL_MEANING',
    ]) {
      expect(text).toContain(`${name}:`)
    }
  })

  it('asks for what an AI provider needs', () => {
    expect(problems({ AI_PROVIDER: 'openai' })).toEqual([
      'AI_MODEL is required when AI_PROVIDER is openai',
      'AI_API_KEY is required when AI_PROVIDER is openai',
    ])
    expect(problems({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama' })).toEqual([
      'AI_BASE_URL is required when AI_PROVIDER is openai-compatible',
    ])
  })

  it('makes the server refuse to start with a readable message and no stack trace', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url))
    const run = promisify(execFile)
    const failure = await run(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        HOST: '0.0.0.0',
        PORT: 'x',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'remi-env-')),
      },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('Remi cannot start, the configuration has problems:')
    expect(failure?.stderr).toContain('PORT:')
    expect(failure?.stderr).not.toMatch(/\n\s+at /)
  })
})
