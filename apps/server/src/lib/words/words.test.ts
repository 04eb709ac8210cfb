import { languages } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { catalogues, wordsFor } from './index.ts'

describe("the server's words", () => {
  it('every catalogue has each English key, with the same placeholders', () => {
    // An argument ("{text}", "{count, plural, …}"), not a plural's branch ("one {# memory}").
    const placeholders = (text: string) =>
      [
        ...new Set(
          [...text.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*(\w+)\s*[,}]/g)].map(
            (m) => m[1],
          ),
        ),
      ].sort()
    for (const language of languages) {
      const catalogue = catalogues[language]
      expect(Object.keys(catalogue).sort(), language).toEqual(Object.keys(catalogues.en).sort())
      for (const [key, text] of Object.entries(catalogues.en))
        expect(placeholders(catalogue[key as keyof typeof catalogue]), `${language} ${key}`).toEqual(
          placeholders(text),
        )
    }
  })

  it('fills the values in the language asked, and falls back to English for an unknown one', () => {
    expect(wordsFor('pt-PT').t('reminder.subject', { text: 'ligar à mãe' })).toBe('Lembrete: ligar à mãe')
    expect(wordsFor('de').t('reminder.when', { day: 'Montag', time: '09:00' })).toBe('Montag um 09:00')
    expect(wordsFor('en').t('briefing.subject', { date: '2027-03-27' })).toBe('Your briefing for 2027-03-27')
    expect(wordsFor('xx').language).toBe('en')
    expect(wordsFor(null).t('reminder.title')).toBe('Reminder')
  })
})
