import { startGoogleCalendarFake } from './google-calendar.ts'
import { startIcsFake } from './ics.ts'
import { startMicrosoftGraphFake } from './microsoft-graph.ts'
import { startOpenMeteoFake } from './open-meteo.ts'

export { FAKE_PLACES, startOpenMeteoFake, storedLocation, type OpenMeteoFake } from './open-meteo.ts'
export { buildIcs, startIcsFake, type IcsFake } from './ics.ts'
export { startGoogleCalendarFake, type GoogleCalendarFake } from './google-calendar.ts'
export { startMicrosoftGraphFake, type MicrosoftGraphFake } from './microsoft-graph.ts'
export { startFakeIssuer, type FakeIssuer } from './oidc-issuer.ts'
export {
  openaiReply,
  startOpenAIFake,
  type ChatCompletionRequest,
  type OpenAIFake,
  type ScriptedResponse,
} from './openai.ts'

/**
 * Every data-source upstream at once, for the end-to-end run: `env` goes to the server's environment
 * (ALLOW_PRIVATE_NETWORK_URLS because the ICS feed is on loopback).
 */
export async function startDataSourceFakes() {
  const [openMeteo, ics, google, graph] = await Promise.all([
    startOpenMeteoFake(),
    startIcsFake(),
    startGoogleCalendarFake(),
    startMicrosoftGraphFake(),
  ])
  return {
    openMeteo,
    ics,
    google,
    graph,
    env: {
      WEATHER_API_URL: openMeteo.url,
      GEOCODING_API_URL: openMeteo.url,
      GOOGLE_CALENDAR_API_URL: google.url,
      MICROSOFT_GRAPH_API_URL: graph.url,
      ALLOW_PRIVATE_NETWORK_URLS: 'true',
    },
    async close() {
      await Promise.all([openMeteo.close(), ics.close(), google.close(), graph.close()])
    },
  }
}
