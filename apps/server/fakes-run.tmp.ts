import { writeFileSync } from 'node:fs'
import { startIcsFake, startOpenMeteoFake } from './src/test/fakes/index.ts'
const ics = await startIcsFake()
const meteo = await startOpenMeteoFake()
writeFileSync('/tmp/explore/fakes.json', JSON.stringify({ ics: ics.calendarUrl, meteo: meteo.url }))
console.log(ics.calendarUrl, meteo.url)
setInterval(() => {}, 1 << 30)
