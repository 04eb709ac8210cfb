import { addDays, daysBetween, todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { formatDay, isWeatherTopic, weatherDecision, weatherPlace } from '../../language/index.ts'
import { t, meteo, ask, userWithWeather, startTheApp } from './through-the-app.test-support.ts'

describe('the offline assistant on weather', () => {
  startTheApp()

  it('tells the weather at a place named, found by the geocoder, without changing the location', async () => {
    const user = await userWithWeather()
    const porto = await ask(user, "What's the weather in Porto?")
    expect(porto.answer.content).toMatch(/^\*\*Weather for today in Porto:\*\* /)
    expect(porto.answer.calls).toEqual([
      { tool: 'get_weather', args: { date: todayIn('UTC'), place: 'Porto' } },
    ])
    expect(porto.answer.activity).toEqual([
      { tool: 'get_weather', summary: 'Checked the weather for today in Porto' },
    ])
    const paris = await ask(user, 'will it rain in Paris tomorrow?')
    expect(paris.answer.content).toMatch(/\*\*Weather for tomorrow in Paris:\*\* /)
    // "And Honolulu?": the question before, there.
    const again = await ask(user, 'and Honolulu?', { before: ["What's the weather in Porto?"] })
    expect(again.answer.content).toMatch(/^\*\*Weather for today in Honolulu:\*\* /)
    expect((await ask(user, "What's the weather in Atlantis?")).answer.content).toBe(
      "I couldn't get the weather: Could not find location 'Atlantis'",
    )
    // The user's own location is as it was.
    expect((await ask(user, "What's the weather like?")).answer.content).toMatch(
      /^\*\*Weather for today in Lisbon:\*\* /,
    )
    expect(weatherPlace('Will it rain in the morning?')).toBeNull()
    expect(weatherPlace('forecast for Saturday')).toBeNull()
    expect(weatherPlace('will it rain in New York tomorrow?')).toBe('New York')
  })

  it('answers what a question asks to decide first: rain or not, an umbrella, what to wear', async () => {
    const user = await userWithWeather()
    const lead = async (message: string) => (await ask(user, message)).answer.content.split('\n')[0]
    expect(await lead('Will it rain tomorrow?')).toBe('**Probably not**: 10% chance of rain tomorrow.')
    expect(await lead('Should I bring an umbrella tomorrow?')).toBe(
      '**Probably not**: only a 10% chance of rain tomorrow.',
    )
    // Several days (not "this week", which is today alone on a Saturday).
    expect(await lead('Is it going to rain in the next few days?')).toBe('**Rain is likely** today (80%).')
    // Next week: the fake's rain is today's only (this weekend is today on a Sunday).
    expect(await lead('Do I need an umbrella next week?')).toBe(
      '**No rain expected**: at most a 10% chance on any of these days.',
    )
    expect(await lead('What should I wear today?')).toBe(
      '**Wear a coat or a warm jacket**, and take an umbrella today.',
    )
    // About one thing to wear: yes or no, with the day's temperatures.
    expect(await lead('Do I need a coat tomorrow?')).toBe('**Yes**: between 8°C and 15°C tomorrow.')
    expect(await lead('should I take my gloves today?')).toBe('**Probably not**: between 8°C and 15°C today.')
    // The forecast follows, without telling the umbrella twice.
    const rain = (await ask(user, 'Will it rain today?')).answer.content
    expect(rain).toMatch(
      /^\*\*Yes, probably\*\*: 80% chance of rain today\.\n\n\*\*Weather for today in Lisbon:\*\* /,
    )
    expect(rain).not.toContain('Take an umbrella.')
    // The weather itself decides nothing.
    expect(await lead("What's the weather like?")).toMatch(
      /^\*\*Weather for today in Lisbon:\*\* .*Take an umbrella\.$/,
    )
  })

  it('answers when the rain stops or comes, whether a day suits being outdoors or is sunny, and the warmest day', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const lead = async (message: string) => (await ask(user, message)).answer.content.split('\n')[0]
    const named = (offset: number) => formatDay(addDays(today, offset), { weekday: true, today })
    // The fake forecast: light rain today (80%), then partly cloudy days (10%), each a little warmer by
    // day and colder by night.
    expect(await lead('When will it stop raining?')).toBe('**Tomorrow looks dry**: 10% chance of rain.')
    expect(await lead('when is it going to rain?')).toBe('**Today**: 80% chance of rain.')
    expect(await lead('is tomorrow a good day for a run?')).toBe(
      '**Yes**: 10% chance of rain tomorrow, between 8°C and 15°C.',
    )
    expect(await lead('should I hang the washing out today?')).toBe(
      '**Probably not**: 80% chance of rain today.',
    )
    expect(await lead('Will it be sunny tomorrow?')).toBe('**Partly**: partly cloudy tomorrow.')
    expect(await lead('will it be sunny today?')).toBe('**Probably not**: light rain today.')
    // With no day named, the coming week.
    expect(await lead('Which day will be the warmest?')).toBe(
      `**${named(6)}** is the warmest of these days: up to 16°C.`,
    )
    expect(await lead("what's the coldest day?")).toBe(
      `**${named(6)}** is the coldest of these days: down to 8°C.`,
    )
    expect(await lead('the driest day this week?')).toMatch(
      /^\*\*(?:Tomorrow|.+)\*\* is the driest of these days: 10% chance of rain\.$/,
    )
    // Several days: the good ones (next week: all seven, the fake's rain being today's).
    expect(await lead('should I go hiking next week?')).toMatch(
      /^\*\*[^*]+ look best\*\*: rain unlikely \(10%, 10%, 10%, 10%, 10%, 10% and 10%\)\.$/,
    )
    expect(weatherDecision('is it a good weekend for a hike?')).toBe('outdoors')
    // What decides what, and what is no weather question at all.
    const decisions: Array<[string, ReturnType<typeof weatherDecision>]> = [
      ['when does the rain stop?', 'stop'],
      ['when will it be dry again?', 'stop'],
      ['next rainy day?', 'next rain'],
      ['what is the hottest day this week?', 'warmest'],
      ['rainiest day of the week?', 'wettest'],
      ['should I go running?', 'outdoors'],
      ['can we have a barbecue on Sunday?', 'outdoors'],
      ['nice weather for a bike ride tomorrow?', 'outdoors'],
      ['will there be sunshine on Saturday?', 'sunny'],
      ['will it rain tomorrow?', 'rain'],
    ]
    for (const [question, decision] of decisions) {
      expect(isWeatherTopic(question), question).toBe(true)
      expect(weatherDecision(question), question).toBe(decision)
    }
    for (const question of [
      'is it a good time to call Ana?',
      'should I go to the dentist?',
      'when did I run?',
    ]) {
      expect(isWeatherTopic(question), question).toBe(false)
    }
  })

  it('tells today’s weather at the home location, with an umbrella on a rainy day', async () => {
    const user = await userWithWeather()
    const { answer, activity } = await ask(user, 'Do I need an umbrella today?')
    expect(answer.content).toContain('**Weather for today in Lisbon:**')
    expect(answer.content).toContain('12°C now')
    expect(answer.content).toContain('80% chance of rain')
    expect(answer.content.split('\n')[0]).toBe('**Yes**, take one: 80% chance of rain today.')
    expect(answer.activity).toEqual([{ tool: 'get_weather', summary: 'Checked the weather for today' }])
    expect(activity.map((a) => a.status)).toEqual(['started', 'finished'])
    expect(answer.calls).toEqual([{ tool: 'get_weather', args: { date: todayIn('UTC') } }])
  })

  it('reads "how cold is it?" and "what should I wear?" as weather questions', async () => {
    const user = await userWithWeather()
    for (const question of [
      'How cold is it?',
      'is it going to be hot tomorrow?',
      'What should I wear today?',
      'do I need a coat?',
      'Should I bring my sunglasses tomorrow?',
    ]) {
      const { answer } = await ask(user, question)
      // What to wear is answered first, then the forecast.
      expect(answer.content, question).toMatch(
        /^(?:\*\*(?:Wear|Yes).*\n\n)?\*\*Weather for (?:today|tomorrow) in Lisbon:\*\* /,
      )
    }
    // Not the weather: the words are about something else.
    await t.factory.memory(user.id, { text: 'The blue coat is at the dry cleaner', date: null })
    for (const question of ['Where is my coat?', 'How hot should the oven be for bread?']) {
      const { answer } = await ask(user, question)
      expect(
        answer.calls.map((c) => c.tool),
        question,
      ).toEqual(['search_memories'])
    }
  })

  it('tells the times of sunrise and sunset, and the daylight between', async () => {
    const user = await userWithWeather()
    // The fake's sun rises at 07:38 on the place's today, a minute later each day, and sets at 17:15, a minute earlier.
    const offset = daysBetween(todayIn('Europe/Lisbon'), todayIn('UTC'))
    const tomorrow = await ask(user, 'What time does the sun rise tomorrow?')
    expect(tomorrow.answer.content).toBe(
      `**Sunrise and sunset for tomorrow in Lisbon:** 07:${39 + offset} and 17:${14 - offset}, 9 h ${35 - 2 * offset} min of daylight.`,
    )
    expect(tomorrow.answer.calls).toEqual([
      { tool: 'get_weather', args: { date: addDays(todayIn('UTC'), 1) } },
    ])
    for (const question of ["When's sunset?", 'when does it get dark?', 'what time is sunrise today']) {
      expect((await ask(user, question)).answer.content, question).toMatch(
        /^\*\*Sunrise and sunset for today in Lisbon:\*\* 07:3\d and 17:1\d, 9 h 3\d min of daylight\.$/,
      )
    }
    // A memory about a sunset is not a question about one.
    const told = await ask(user, 'remember the sunset at Cabo da Roca was amazing')
    expect(told.answer.calls.map((c) => c.tool)).toEqual(['create_memory'])
  })

  it('reads a follow-up that names only a day as the question before it, for that day', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const tomorrow = await ask(user, 'and tomorrow?', { before: ['Will it rain today?'] })
    expect(tomorrow.answer.content).toMatch(
      /^\*\*Probably not\*\*: 10% chance of rain tomorrow\.\n\n\*\*Weather for tomorrow in Lisbon:\*\* /,
    )
    // A follow-up of a follow-up: the same question again.
    const weekday = formatDay(addDays(today, 3), { weekday: true }).split(',')[0]!
    const later = await ask(user, `what about ${weekday}?`, {
      before: ['Will it rain today?', 'and tomorrow?'],
    })
    expect(later.answer.calls).toEqual([{ tool: 'get_weather', args: { date: addDays(today, 3) } }])
    const sun = await ask(user, 'And tomorrow?', { before: ['When is sunset?'] })
    expect(sun.answer.content).toMatch(/^\*\*Sunrise and sunset for tomorrow in Lisbon:\*\* /)
    // After a question about no days, "and tomorrow?" is a question of its own (what tomorrow holds).
    const own = await ask(user, 'and tomorrow?', { before: ["When is Ana's birthday?"] })
    expect(own.answer.calls.map((c) => c.tool)).not.toContain('get_weather')
    expect(own.answer.content).toBe((await ask(user, 'and tomorrow?')).answer.content)
  })

  it('tells tomorrow’s, a weekday’s and this week’s forecast', async () => {
    const user = await userWithWeather()
    const today = todayIn('UTC')
    const tomorrow = await ask(user, 'will it rain tomorrow?')
    expect(tomorrow.answer.content).toContain('**Weather for tomorrow in Lisbon:**')
    expect(tomorrow.answer.content).toContain('10% chance of rain')
    expect(tomorrow.answer.activity[0]?.summary).toBe('Checked the weather for tomorrow')

    const week = await ask(user, "what's the weather this week")
    expect(week.answer.content).toContain('**Weather in Lisbon:**')
    expect(week.answer.content).toContain('- Today:')

    const weekday = formatDay(addDays(today, 3), { weekday: true }).split(',')[0]!
    const named = await ask(user, `weather on ${weekday}`)
    expect(named.answer.calls).toEqual([{ tool: 'get_weather', args: { date: addDays(today, 3) } }])
  })

  it('says the weather source is off, and what failed when Open-Meteo is down, without throwing', async () => {
    const off = await userWithWeather({ isEnabled: false })
    const offAnswer = await ask(off, "What's the weather like?")
    expect(offAnswer.answer.content).toBe(
      "I couldn't get the weather: The weather data source is turned off; turn it on under Data Sources.",
    )
    expect(offAnswer.answer.activity).toEqual([
      {
        tool: 'get_weather',
        summary: 'Could not check the weather for today: it is turned off',
      },
    ])

    const on = await userWithWeather()
    meteo.down = true
    const down = await ask(on, "What's the weather like?")
    expect(down.answer.content).toMatch(/^I couldn't get the weather: \S/)
    expect(down.answer.activity[0]?.summary).toMatch(/^Could not check the weather for today: /)
  })
})
