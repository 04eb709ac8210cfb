import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGoogleCalendar } from '../../integrations/calendar/google-calendar.ts'
import { createOpenMeteo } from '../../integrations/weather/open-meteo.ts'
import { dataSources } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/fakes/google-calendar.ts'
import { startOpenMeteoFake, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'
import { createProviderUser } from '../../test/fakes/provider-user.ts'

/**
 * Two updates of one data source arriving together must both land. Each scenario holds the first
 * request inside its outside call (after it has read the row, before it writes) until the second
 * has been saved: a read-merge-write without the row lock writes the stale read back and loses the
 * second request's field. The real adapters run against the loopback fakes; only the moment their
 * answer is handed back is controlled here.
 */

/** Once armed, holds the next call until released; `arm` resolves when that call is being held. */
function hold() {
  let armed = false
  let held: Promise<void> | undefined
  let reached: () => void = () => {}
  let release: () => void = () => {}
  return {
    arm(): Promise<void> {
      armed = true
      held = new Promise((resolve) => (release = resolve))
      return new Promise((resolve) => (reached = resolve))
    },
    release() {
      release()
    },
    async pass(): Promise<void> {
      if (!armed) return
      armed = false
      reached()
      await held
    },
  }
}

let meteo: OpenMeteoFake
let google: GoogleCalendarFake
let t: TestApp
const geocoder = hold()
const calendarList = hold()

beforeAll(async () => {
  ;[meteo, google] = await Promise.all([startOpenMeteoFake(), startGoogleCalendarFake()])
  google.calendars.push(
    { id: 'person@example.test', summary: 'Ana Silva', primary: true },
    { id: 'work@group.calendar.google.com', summary: 'Work' },
  )
  const openMeteo = createOpenMeteo({ weatherApiUrl: meteo.url, geocodingApiUrl: meteo.url })
  const googleCalendar = createGoogleCalendar(google.url)
  t = await buildTestApp({
    env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url, GOOGLE_CALENDAR_API_URL: google.url },
    integrations: {
      weather: {
        ...openMeteo,
        async geocode(name) {
          await geocoder.pass()
          return openMeteo.geocode(name)
        },
      },
      google: {
        ...googleCalendar,
        async listCalendars(accessToken) {
          await calendarList.pass()
          return googleCalendar.listCalendars(accessToken)
        },
      },
    },
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([meteo?.close(), google?.close()])
})

/** Starts `first`, waits until it is held in its outside call, runs `second` to the end, then lets `first` go. */
async function overlap(
  gate: ReturnType<typeof hold>,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
) {
  const held = gate.arm()
  const firstDone = first()
  await held
  try {
    const secondAnswer = await second()
    gate.release()
    return { first: await firstDone, second: secondAnswer }
  } finally {
    gate.release()
  }
}

const vacation = {
  isEnabled: true,
  locationName: 'Paris',
  startDate: '2030-07-01T00:00:00.000Z',
  endDate: '2030-07-10T23:59:59.999Z',
}

describe('two data-source updates at once', () => {
  it('weather: a new location and a vacation both land', async () => {
    const user = await t.createUser()
    expect((await user.api.dataSources.put('weather', { isEnabled: true, configuration: {} })).status).toBe(
      200,
    )
    const answers = await overlap(
      geocoder,
      () =>
        user.api.dataSources.put('weather', {
          dataSourceType: 'weather',
          configuration: { locationName: 'Lisbon' },
        }),
      () =>
        user.api.dataSources.put('weather', {
          dataSourceType: 'weather',
          configuration: { vacationMode: vacation },
        }),
    )
    expect(answers).toMatchObject({ first: { status: 200 }, second: { status: 200 } })
    expect((await user.api.dataSources.get('weather')).body).toMatchObject({
      isEnabled: true,
      configuration: {
        locationName: 'Lisbon',
        location: { name: 'Lisbon' },
        vacationMode: { ...vacation, location: { name: 'Paris' } },
      },
    })
  })

  it('calendar: a chosen calendar and an ICS link both land', async () => {
    google.validTokens.add('concurrency-token')
    const user = await createProviderUser(t, {
      provider: 'google',
      accessToken: 'concurrency-token',
      refreshToken: null,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      scopes: 'openid email profile https://www.googleapis.com/auth/calendar.readonly',
    })
    // Only the id: its name is looked up in the account's calendar list, and held there.
    const answers = await overlap(
      calendarList,
      () =>
        user.api.dataSources.put('calendar', {
          configuration: { calendarId: 'work@group.calendar.google.com' },
        }),
      () =>
        user.api.dataSources.put('calendar', {
          isEnabled: true,
          configuration: { icsUrl: 'https://example.com/a.ics' },
        }),
    )
    expect(answers).toMatchObject({ first: { status: 200 }, second: { status: 200 } })
    expect((await user.api.dataSources.get('calendar')).body).toMatchObject({
      isEnabled: true,
      configuration: {
        calendarId: 'work@group.calendar.google.com',
        calendarName: 'Work',
        icsUrl: 'https://example.com/a.ics',
      },
    })
  })

  it('a forecast that resolves a place stores only that place, keeping a change made meanwhile', async () => {
    const user = await t.createUser()
    meteo.down = true
    await user.api.dataSources.put('weather', { isEnabled: true, configuration: { locationName: 'Lisbon' } })
    meteo.down = false
    const answers = await overlap(
      geocoder,
      () => user.api.dataSources.test('weather'),
      () =>
        user.api.dataSources.put('weather', {
          configuration: { vacationMode: { ...vacation, isEnabled: false } },
        }),
    )
    expect(answers).toMatchObject({ first: { status: 200 }, second: { status: 200 } })
    expect((await user.api.dataSources.get('weather')).body).toMatchObject({
      configuration: {
        locationName: 'Lisbon',
        location: { name: 'Lisbon' },
        vacationMode: { isEnabled: false, locationName: 'Paris' },
      },
    })
  })

  // PGlite has one connection, so no other transaction can hold the row while a request runs there.
  describe.runIf(process.env.TEST_DB === 'postgres')('against another transaction (PostgreSQL)', () => {
    it('an update waits for a transaction holding the row, and merges into what it wrote', async () => {
      const user = await t.createUser()
      const old = 'https://example.com/old.ics'
      await user.api.dataSources.put('calendar', { isEnabled: true, configuration: { icsUrl: old } })
      let saving: Promise<{ status: number }> | undefined
      await t.db.transaction(async (tx) => {
        const mine = and(eq(dataSources.userId, user.id), eq(dataSources.type, 'calendar'))
        await tx
          .update(dataSources)
          .set({
            configuration: { calendarId: 'person@example.test', calendarName: 'Ana Silva', icsUrl: old },
          })
          .where(mine)
        saving = user.api.dataSources.put('calendar', {
          configuration: { icsUrl: 'https://example.com/new.ics' },
        })
        await waitForLockWait(t)
      })
      expect((await saving!).status).toBe(200)
      expect((await user.api.dataSources.get('calendar')).body).toMatchObject({
        isEnabled: true,
        configuration: {
          calendarId: 'person@example.test',
          calendarName: 'Ana Silva',
          icsUrl: 'https://example.com/new.ics',
        },
      })
    })

    it('the first save of a source merges into a row another transaction created meanwhile', async () => {
      const user = await t.createUser()
      let saving: Promise<{ status: number }> | undefined
      await t.db.transaction(async (tx) => {
        await tx.insert(dataSources).values({
          userId: user.id,
          type: 'calendar',
          isEnabled: true,
          configuration: { calendarId: 'person@example.test', calendarName: 'Ana Silva' },
        })
        // This PUT finds no row and tries to create one; it must wait for this transaction.
        saving = user.api.dataSources.put('calendar', {
          configuration: { icsUrl: 'https://example.com/b.ics' },
        })
        await waitForLockWait(t)
      })
      expect((await saving!).status).toBe(200)
      expect((await user.api.dataSources.get('calendar')).body).toMatchObject({
        isEnabled: true,
        configuration: {
          calendarId: 'person@example.test',
          calendarName: 'Ana Silva',
          icsUrl: 'https://example.com/b.ics',
        },
      })
    })
  })
})

/** Until a session of this database waits on a lock (the PUT, behind the open transaction). */
async function waitForLockWait(app: TestApp) {
  for (;;) {
    const [row] = await app.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
    if (row!.waiting > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
