import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { languages } from '@remi/shared'
import { catalogues } from '.'

type Tree = { [key: string]: string | Tree }

/** Every text of a catalogue by its dotted key. */
function messages(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(path, value)
    else for (const [k, v] of messages(value, path)) found.set(k, v)
  }
  return found
}

type Element = ReturnType<IntlMessageFormat['getAst']>[number]
interface Plural {
  ordinal: boolean
  options: string[]
}

/** The plural arguments of a parsed message (nested ones too), by argument name. */
function plurals(elements: Element[], found = new Map<string, Plural>()): Map<string, Plural> {
  for (const element of elements) {
    if (!('options' in element)) continue
    if ('pluralType' in element) {
      found.set(element.value, {
        ordinal: element.pluralType === 'ordinal',
        options: Object.keys(element.options),
      })
    }
    for (const option of Object.values(element.options)) plurals(option.value, found)
  }
  return found
}

const english = messages(catalogues.en)

describe('the catalogues (issue 51)', () => {
  it('has English texts to translate', () => {
    expect(english.size).toBeGreaterThan(20)
  })

  it.each(languages.filter((l) => l !== 'en'))('%s has every English key, and no other', (language) => {
    const translated = messages(catalogues[language])
    expect([...english.keys()].filter((key) => !translated.get(key)?.trim())).toEqual([])
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([])
  })

  it.each(languages)(
    '%s: every text is ICU its language can format, plurals with all of its forms',
    (language) => {
      const translated = messages(catalogues[language])
      const cardinal = new Intl.PluralRules(language).resolvedOptions().pluralCategories
      const ordinal = new Intl.PluralRules(language, { type: 'ordinal' }).resolvedOptions().pluralCategories
      const problems: string[] = []
      for (const [key, source] of english) {
        const text = translated.get(key) ?? ''
        let parsed: Element[]
        try {
          parsed = new IntlMessageFormat(text, language).getAst()
        } catch (error) {
          problems.push(`${key}: ${(error as Error).message}`)
          continue
        }
        const theirs = plurals(parsed)
        for (const [name, plural] of plurals(new IntlMessageFormat(source, 'en').getAst())) {
          const own = theirs.get(name)
          if (!own || own.ordinal !== plural.ordinal) {
            problems.push(`${key}: {${name}} is not a plural here as in English`)
            continue
          }
          const missing = (plural.ordinal ? ordinal : cardinal).filter((form) => !own.options.includes(form))
          if (missing.length) problems.push(`${key}: {${name}} lacks ${missing.join(', ')}`)
        }
      }
      expect(problems).toEqual([])
    },
  )

  it('counts in each language: "1 memória" and "2 memórias" come from the plural forms', () => {
    const format = (language: string, sessions: number) =>
      new IntlMessageFormat(
        messages(catalogues[language as 'en']).get('settings.sessions.signedOutOthers')!,
        language,
      ).format({ sessions, tokens: 0 })
    expect(format('en', 1)).toBe('Signed out 1 other session')
    expect(format('en', 2)).toBe('Signed out 2 other sessions')
    expect(format('pt-PT', 1)).toBe('Terminada 1 outra sessão')
    expect(format('pt-PT', 2)).toBe('Terminadas 2 outras sessões')
  })
})
