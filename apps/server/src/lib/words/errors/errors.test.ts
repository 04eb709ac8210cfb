import { fileURLToPath } from 'node:url'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { KIND, LABELS, schemaIssueMessage } from '../../../plugins/error-messages.ts'
import { errorCatalogues, errorIn, errorsEn, translateError, type ErrorKey } from './index.ts'
import { kindsEn, labelsEn } from './en.ts'
import { thrownMessages } from './thrown-messages.ts'

const serverSrc = fileURLToPath(new URL('../../..', import.meta.url))
const sharedSrc = fileURLToPath(new URL('../../../../../../packages/shared/src', import.meta.url))
const others = Object.keys(errorCatalogues) as (keyof typeof errorCatalogues)[]

describe('every error message in the source has its translations', () => {
  const { found, unresolved } = thrownMessages(serverSrc, sharedSrc)

  it('finds the messages (the scan reads the helpers, their constants and templates)', () => {
    expect(found.length).toBeGreaterThan(150)
    expect(found.map((m) => m.text)).toEqual(
      expect.arrayContaining(['Memory not found.', "The reminder's time must be in the future."]),
    )
  })

  it.each(others)('in %s', (language) => {
    const missing = found.filter((m) => translateError(m.text, language) === undefined)
    expect(missing.map((m) => `${m.file}: ${m.text}`)).toEqual([])
  })

  // A message that is only another one passed on: what it passes is a message of its own, scanned where
  // it is made (a RecurrenceError's, an EndpointError's), or words from outside (a schema's, an
  // upstream's) that stay as they are. A new one here is a message the catalogue cannot see: give it a
  // constant or a literal the scan can read, or add it here knowingly.
  it('lists the few calls that pass on a message made elsewhere', () => {
    expect([...new Set(unresolved)].sort()).toEqual(
      [
        'lib/upload-file.ts: payloadTooLarge(tooLarge)',
        "modules/account/account-file.ts: new AppError(400, ErrorCode.ValidationFailed, `body${message.field ? `.${message.field}` : ''}: ${message.message}`)",
        'modules/auth/auth.routes.ts: badRequest(outcome)',
        'modules/automations/automations.service.ts: badRequest(parsed.error.issues[0]!.message)',
        'modules/automations/schedule.ts: badRequest(`schedule: ${error.message}`)',
        'modules/chat/chat.routes.ts: upstreamFailed(message)',
        'modules/connected-tools/connected-tools.service.ts: badRequest(error.message)',
        'modules/datasources/datasources.routes.ts: badRequest(path ? `${path}: ${issue.message}` : `configuration: ${issue.message}`)',
        "modules/datasources/datasources.service.ts: badRequest(errors.join('; '))",
        'modules/imports/read-notes.ts: new AppError(message.status, message.code, message.message)',
        "modules/memories/import-file.ts: new AppError(400, ErrorCode.ValidationFailed, `body${message.field ? `.${message.field}` : ''}: ${message.message}`)",
        'modules/reminders/notification-settings.ts: badRequest(`${name}: ${message}`)',
        "modules/reminders/notification-settings.ts: field('endpoint', error.message.replace(/^endpoint /, ''))",
        'modules/reminders/reminders.service.ts: badRequest(`${name}: ${message}`)',
        "modules/reminders/reminders.service.ts: field('recurrence', error.message)",
        'modules/voice/voice.service.ts: upstreamFailed(message)',
      ].sort(),
    )
  })

  it('knows what those calls pass on from Remi itself (passwords, upstream failures, imports)', () => {
    const passed = [
      'Choose a password of at least 10 characters.',
      'This password is too common or too simple to guess. Choose another one.',
      'The assistant could not answer just now. Your message is saved; please try again.',
      'The speech service could not write this down just now; please try again.',
      'The import zip is too large (at most 100 MB).',
      'The address 10.0.0.1 is on a private or local network, which Remi does not fetch from.',
      'An import is already running for this account. Try again when it has finished.',
    ]
    for (const language of others) {
      expect(passed.filter((text) => translateError(text, language) === undefined)).toEqual([])
    }
  })
})

describe('the catalogues', () => {
  const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]!)

  it.each(others)('%s: each message is ICU that formats, with the values English has', (language) => {
    for (const [key, english] of Object.entries(errorsEn) as [ErrorKey, string][]) {
      const message = errorCatalogues[language].messages[key]
      const names = placeholders(english)
      const values = Object.fromEntries(names.map((n) => [n, 3]))
      expect(() => new IntlMessageFormat(message, language).format(values), key).not.toThrow()
      expect(new Set(placeholders(message).filter((n) => names.includes(n))), key).toEqual(new Set(names))
    }
  })

  it("has every field label and value kind of the schema's messages", () => {
    expect(labelsEn).toEqual(expect.arrayContaining(Object.values(LABELS)))
    expect([...kindsEn].sort()).toEqual(
      Object.values(KIND)
        .filter((k, i, all) => all.indexOf(k) === i)
        .sort(),
    )
  })

  it('says plurals and numbers in the language', () => {
    expect(errorIn('You already have 1 scheduled reminders.', 'pt-PT')).toBe('Já tem 1 lembrete agendado.')
    expect(errorIn('You already have 1,000 scheduled reminders.', 'pt-PT')).toBe(
      'Já tem 1000 lembretes agendados.',
    )
    expect(errorIn('The file makes more than 20,000 memories, the most one import may write.', 'de')).toBe(
      'Die Datei ergibt mehr als 20.000 Notizen, das Höchste, was ein Import schreiben darf.',
    )
    expect(errorIn('Too many wrong passwords for this account. Try again in 1 minute.', 'es')).toBe(
      'Demasiadas contraseñas incorrectas para esta cuenta. Vuelve a intentarlo dentro de 1 minuto.',
    )
  })

  it("translates a schema's messages, field label and all", () => {
    const tooLong = schemaIssueMessage({
      keyword: 'too_big',
      instancePath: '/text',
      params: { origin: 'string', maximum: 200 },
    })
    expect(tooLong).toBe('The text must be at most 200 characters.')
    expect(errorIn(tooLong, 'pt-PT')).toBe('Texto: pode ter no máximo 200 caracteres.')
    expect(errorIn(tooLong, 'fr')).toBe('Texte : 200 caractères au maximum.')
    const item = schemaIssueMessage({
      keyword: 'invalid_type',
      instancePath: '/2/tags',
      params: { expected: 'array' },
    })
    expect(errorIn(item, 'de')).toBe('Eintrag 3: Schlagwörter: Muss eine Liste sein.')
    expect(errorIn("The theme must be one of 'light', 'dark' or 'system'.", 'es')).toBe(
      "Tema: debe ser 'light', 'dark' o 'system'.",
    )
  })

  it('leaves English, and texts it does not know, as they are', () => {
    expect(translateError('Memory not found.', 'en')).toBeUndefined()
    expect(errorIn('Memory not found.', 'en')).toBe('Memory not found.')
    expect(errorIn('Memory not found.', undefined)).toBe('Memory not found.')
    expect(errorIn('Vacation location is required', 'de')).toBe('Vacation location is required')
    // A label the catalogue does not have keeps the whole sentence English, never half translated.
    expect(errorIn('The colour of the sky must be a number.', 'fr')).toBe(
      'The colour of the sky must be a number.',
    )
  })
})
