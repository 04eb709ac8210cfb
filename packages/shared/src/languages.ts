// Without zod, in a module of its own: the web app's entry needs the list before any screen loads.

/** The languages Remi speaks (issue 51), English first: the source of every text and the fallback. */
export const languages = ['en', 'pt-PT', 'es', 'fr', 'de'] as const
export type Language = (typeof languages)[number]

/** Each language in its own words, as a person looking for theirs reads it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'pt-PT': 'Português (Portugal)',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
}

/** Ours for a language's primary subtag: one Portuguese (pt-PT) serves pt, pt-BR and pt-PT alike. */
const byPrimary: Record<string, Language> = { en: 'en', pt: 'pt-PT', es: 'es', fr: 'fr', de: 'de' }

/** The language Remi has for a BCP 47 tag ("pt-BR" → "pt-PT", "es-MX" → "es"), or undefined. */
export function supportedLanguage(tag: string): Language | undefined {
  return byPrimary[tag.trim().split(/[-_]/)[0]!.toLowerCase()]
}

/** The first of a person's preferred tags (best first, as navigator.languages) that Remi has, else English. */
export function bestLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = supportedLanguage(tag)
    if (language) return language
  }
  return 'en'
}
