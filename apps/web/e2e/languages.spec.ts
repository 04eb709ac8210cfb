import type { Page } from '@playwright/test'
import { IntlMessageFormat } from 'intl-messageformat'
import { catalogues } from '../src/locales/index.ts'
import { expect, signIn, test } from './fixtures.ts'

/*
 * Issue 51: every screen in each language, with no English left. The test walks the English catalogue
 * against what each rendered page shows (its text and the labels a screen reader reads): an English
 * text the language says differently must not be there. Texts with arguments are checked by their
 * words around the arguments.
 */

type Tree = { [key: string]: string | Tree }

/** Every text of a catalogue by its dotted key. */
function texts(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(path, value)
    else for (const [k, v] of texts(value, path)) found.set(k, v)
  }
  return found
}

const english = texts(catalogues.en as unknown as Tree)

/**
 * The words of a message a page would show whatever its arguments: its literal runs of at least two
 * words (an ICU argument, plural or select splits a run). "Showing {shown} of {total} memories" gives
 * nothing of two words; "Could not load your sessions." gives itself.
 */
function fixedRuns(message: string): string[] {
  const runs = message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/).map((run) => run.replace(/\s+/g, ' ').trim())
  return runs.filter((run) => run.split(' ').filter((w) => /\p{L}{2,}/u.test(w)).length >= 2)
}

/** What a page shows a person: its text, and the names and hints of its controls. */
async function shown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap(
      (e) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => e.getAttribute(a) ?? ''),
    )
    return [document.body.innerText, ...labels].join('\n').replace(/\s+/g, ' ')
  })
}

/** The English texts on the page that `language` says in its own words. */
function englishLeft(language: keyof typeof catalogues, page: string): string[] {
  const theirs = texts(catalogues[language] as unknown as Tree)
  const left: string[] = []
  for (const [key, text] of english) {
    const translated = theirs.get(key) ?? ''
    for (const run of fixedRuns(text)) {
      if (translated.includes(run)) continue
      if (page.includes(run)) left.push(`${key}: "${run}"`)
    }
  }
  return left
}

const SCREENS = ['/dashboard', '/memories', '/chat', '/reminders', '/data-sources', '/settings']

for (const language of ['pt-PT', 'es', 'fr', 'de'] as const) {
  test.describe(`Remi in ${language}`, () => {
    // A browser in that language: the first account starts in it (Accept-Language).
    test.use({ locale: language, timezoneId: 'Europe/Lisbon' })

    test(`every screen in ${language}, no English left (issue 51)`, async ({ page }) => {
      test.setTimeout(180_000)
      await signIn(page, { name: 'Alex Doe' })
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
        csrfToken: string
      }
      const created = await page.request.post('/api/memories', {
        data: { text: 'Alex gosta de orquídeas', tags: ['família'], date: null },
        headers: { 'x-csrf-token': csrfToken },
      })
      expect(created.status()).toBe(201)

      for (const path of SCREENS) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(
          page.locator('.spinner-border, .placeholder, [aria-busy="true"]').filter({ visible: true }),
        ).toHaveCount(0)
        expect(englishLeft(language, await shown(page)), `English on ${path}`).toEqual([])
      }

      // Counts with the language's plural: "A mostrar 1 de 1 memória" (the catalogue's own message).
      await page.goto('/memories')
      const showing = new IntlMessageFormat(
        texts(catalogues[language] as unknown as Tree).get('memories.page.showing')!,
        language,
      ).format({ shown: 1, total: 1, about: 'no' }) as string
      await expect(page.getByText(showing)).toBeVisible()
      // The memory's day as the language writes it ("30/11/2026" is not how a card says it: "30 de nov. de 2026").
      const day = new Intl.DateTimeFormat(language, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'Europe/Lisbon',
      }).format(new Date())
      await expect(page.getByTestId('memory-card').first()).toContainText(day)
    })
  })
}
