import { afterAll, beforeAll, beforeEach } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../../test/build-test-app.ts'
import { startIcsFake, type IcsFake } from '../../../test/fakes/ics.ts'
import { startOpenMeteoFake, storedLocation, type OpenMeteoFake } from '../../../test/fakes/open-meteo.ts'
import { createAssistant } from '../assistant.ts'
import type { AnswerInput, Assistant, AssistantEvent } from '../assistant.types.ts'

/**
 * The end-to-end answer tests' setup (intents/<family>.test.ts, offline.test.ts): the real app with no
 * model (its assistant is the offline one) on PGlite, the Open-Meteo and ICS fakes. `startTheApp()` in
 * a describe block starts them for its tests; `t`, `meteo` and `ics` are theirs once it has.
 */
export let t: TestApp
export let meteo: OpenMeteoFake
export let ics: IcsFake

export function startTheApp() {
  beforeAll(async () => {
    ;[meteo, ics] = await Promise.all([startOpenMeteoFake(), startIcsFake()])
    // No AI_PROVIDER: the app's assistant is the offline one. The ICS fake listens on loopback.
    t = await buildTestApp({
      env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
    })
  })
  afterAll(async () => {
    await t?.close()
    await Promise.all([meteo?.close(), ics?.close()])
  })
  beforeEach(() => {
    meteo.down = false
  })
}

/** Asks an assistant (the app's own unless given) and collects what it streamed. */
export async function ask(
  user: TestUser,
  content: string,
  options: {
    assistant?: Assistant
    offlineIntroduced?: boolean
    signal?: AbortSignal
    /** The user's earlier messages, oldest first (each followed by an answer). */
    before?: string[]
  } = {},
) {
  const events: AssistantEvent[] = []
  const input: AnswerInput = {
    userId: user.id,
    content,
    history: (options.before ?? []).flatMap((said) => [
      { role: 'user' as const, content: said },
      { role: 'assistant' as const, content: 'An answer.' },
    ]),
    offlineIntroduced: options.offlineIntroduced ?? true,
    signal: options.signal ?? new AbortController().signal,
    onEvent: (e) => events.push(e),
  }
  const answer = await (options.assistant ?? t.services.assistant).answer(input)
  const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []))
  const activity = events.flatMap((e) => (e.type === 'activity' ? [e] : []))
  return { answer, deltas, activity, events }
}

export const LISBON = storedLocation('Lisbon')

/** An offline assistant on the app's services whose clock says `iso`. */
export const offlineAt = (iso: string) =>
  createAssistant({ services: t.services, languageModel: null, options: { now: () => new Date(iso) } })

/** A user whose weather source is Lisbon (on unless `isEnabled: false`). */
export async function userWithWeather(fields: { isEnabled?: boolean } = {}) {
  const user = await t.createUser()
  await t.factory.dataSource(user.id, 'weather', {
    isEnabled: fields.isEnabled ?? true,
    configuration: { locationName: 'Lisbon', location: LISBON },
  })
  return user
}

/** A user with one calendar, the ICS feed at `icsUrl`. */
export async function userWithCalendar(icsUrl: string, isEnabled = true) {
  const user = await t.createUser()
  await t.factory.dataSource(user.id, 'calendar', { isEnabled, configuration: { icsUrl } })
  return user
}
