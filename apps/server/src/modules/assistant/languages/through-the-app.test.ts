import type { MemoryList, Reminder, SendMessageResponse } from '@remi/shared'
import { APICallError } from 'ai'
import { describe, expect, it } from 'vitest'
import { scriptedModel } from '../../../test/mock-model.ts'
import { createAssistant } from '../assistant.ts'
import { ask, startTheApp, t } from '../intents/through-the-app.test-support.ts'
import { OFFLINE_INTRODUCTION } from '../offline.ts'
import { fallbackNoteFor, introductionFor } from './index.ts'

/** Issue 51: the app's offline assistant reads and answers a person in their language (Settings → Language). */
startTheApp()

async function portuguese() {
  const user = await t.createUser({ name: 'Rita Sousa', timezone: 'Europe/Lisbon' })
  expect((await user.api.put('/api/auth/user/settings', { language: 'pt-PT' })).status).toBe(200)
  return user
}

describe('the offline assistant in the person’s language, through the app', () => {
  it('introduces itself in Portuguese, makes reminders and keeps and finds memories', async () => {
    const user = await portuguese()
    const send = async (content: string) => {
      const sent = await user.api.post<SendMessageResponse>('/api/chat/send', { content })
      expect(sent.status, sent.text).toBe(200)
      return sent.body.assistantMessage.content
    }
    const askedAt = Date.now()
    const first = await send('Lembra-me daqui a 20 minutos de ver o forno')
    expect(first).toMatch(
      /^Lembrete criado: \*\*Ver o forno\*\*, [a-zç-]+, \d+ de [a-zç]+ às \d\d:\d\d\.\n\n/,
    )
    expect(first).toContain(introductionFor('pt-PT'))
    expect(first).not.toContain(OFFLINE_INTRODUCTION)
    const weekly = await send('Lembra-me todas as segundas às 8 de regar as plantas')
    expect(weekly).toContain('Lembrete criado: **Regar as plantas**, todas as segundas-feiras às 08:00')

    const { reminders } = (await user.api.get<{ reminders: Reminder[] }>('/api/reminders')).body
    const oven = reminders.find((r) => r.text === 'Ver o forno')!
    const minutes = (Date.parse(oven.dueAt) - askedAt) / 60_000
    expect(minutes).toBeGreaterThan(19)
    expect(minutes).toBeLessThan(21)
    expect(reminders.find((r) => r.text === 'Regar as plantas')?.recurrence).toBe('FREQ=WEEKLY;BYDAY=MO')

    expect(await send('Lembra-te que o código do portão é 4512')).toContain('Guardado nas suas memórias:')
    const memories = (await user.api.get<MemoryList>('/api/memories')).body.items
    expect(memories.map((m) => m.text)).toEqual(['O código do portão é 4512'])
    const recalled = await send('Qual é o código do portão?')
    expect(recalled).toContain('Eis o que encontrei nas suas memórias:')
    expect(recalled).toContain('O código do portão é 4512')
  })

  it('writes the "model was unavailable" note in the person’s language', async () => {
    const user = await portuguese()
    const failing = scriptedModel([
      new APICallError({ message: 'Down', url: 'http://model.test', requestBodyValues: {}, statusCode: 503 }),
    ])
    const assistant = createAssistant({
      services: t.services,
      languageModel: failing.languageModel,
      options: { firstTokenTimeoutMs: 300, totalTimeoutMs: 1000, maxRetries: 0 },
    })
    const { answer } = await ask(user, 'Que horas são?', { assistant })
    expect(answer.mode).toBe('offline')
    expect(answer.content.startsWith(`${fallbackNoteFor('pt-PT')}\n\nSão `)).toBe(true)
  })
})
