import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from './server'
import { resetCsrfToken } from '../lib/api-client'
import { initI18n } from '../lib/i18n'

// Times follow the person's locale (lib/clock.ts); tests read them as en-GB writes them (24-hour).
Object.defineProperty(window.navigator, 'language', { value: 'en-GB', configurable: true })
Object.defineProperty(window.navigator, 'languages', { value: ['en-GB'], configurable: true })

// The signed-in frame starts i18next (app/protected-layout.tsx); the tests start it once here, in the browser's English.
initI18n()

// findBy/waitFor wait up to 5 s: on a loaded 2-core CI machine a page's first render can take seconds.
configure({ asyncUtilTimeout: 5000 })

// MSW answers an unhandled request with a network error, which the app would show as a normal
// "Network error" state; record it so the test fails instead of passing by accident.
const unhandled: string[] = []

beforeAll(() =>
  server.listen({
    onUnhandledFrame: async ({ frame, defaults }) => {
      unhandled.push(await frame.getUnhandledMessage())
      defaults.error()
    },
  }),
)

afterEach(() => {
  cleanup()
  server.resetHandlers()
  resetCsrfToken()
  window.localStorage.clear()
  if (unhandled.length > 0) {
    const messages = unhandled.splice(0).join('\n')
    throw new Error(`Unhandled request(s) in this test:\n${messages}`)
  }
})

afterAll(() => server.close())
