import { screen, waitFor } from '@testing-library/react'
import type { ChatPreferences } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useSettingsForm } from '../lib/settings-form'
import { ChatSection } from './chat-section'

/** The section as the page holds it: its switch is a field of the page's one form. */
function Section() {
  const form = useSettingsForm()
  return <ChatSection form={form} />
}

function setup(initial: ChatPreferences = { autoSaveFacts: false, readAloudAfterDictation: false }) {
  let stored = initial
  const writes: unknown[] = []
  server.use(
    http.get('/api/auth/user/settings/chat', () => HttpResponse.json(stored)),
    http.put('/api/auth/user/settings/chat', async ({ request }) => {
      const body = (await request.json()) as ChatPreferences
      writes.push(body)
      stored = { ...stored, ...body }
      return HttpResponse.json(stored)
    }),
  )
  return { ...renderWithProviders(<Section />), writes }
}

describe('Settings → Chat', () => {
  it('"Save facts from chats automatically" is off by default; switched on, it says what that does', async () => {
    const { user, writes } = setup()
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeVisible()
    const toggle = await screen.findByRole('checkbox', { name: 'Save facts from chats automatically' })
    expect(toggle).not.toBeChecked()
    expect(screen.getByText(/offered under its answer, to save with one press/)).toBeVisible()

    await user.click(toggle)
    await waitFor(() => expect(toggle).toBeChecked())
    // Saved with the page's "Save Settings" (settings-page.test.tsx), not on its own.
    expect(writes).toEqual([])
    expect(screen.getByText(/saved as memories at once; the answer says so, with Undo/)).toBeVisible()
  })

  it('"Read answers aloud after dictation" is offered where the server transcribes, else a hint', async () => {
    server.use(http.get('/api/voice', () => HttpResponse.json({ transcription: true, speech: false })))
    const { user } = setup()
    const toggle = await screen.findByRole('checkbox', { name: 'Read answers aloud after dictation' })
    expect(toggle).not.toBeChecked()
    expect(screen.getByText(/the answer is read to you when it is complete/)).toBeVisible()
    await user.click(toggle)
    await waitFor(() => expect(toggle).toBeChecked())
    expect(screen.queryByTestId('dictation-unavailable')).toBeNull()
  })

  it('says dictation is not set up when the server does not transcribe', async () => {
    setup()
    expect(await screen.findByTestId('dictation-unavailable')).toHaveTextContent(/TRANSCRIPTION_MODEL/)
    expect(screen.queryByRole('checkbox', { name: 'Read answers aloud after dictation' })).toBeNull()
  })

  it('shows a failed load with Retry', async () => {
    server.use(
      http.get('/api/auth/user/settings/chat', () =>
        HttpResponse.json({ message: 'Something went wrong.' }, { status: 500 }),
      ),
    )
    renderWithProviders(<Section />)
    expect(await screen.findByText(/Could not load your chat settings/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible()
  })
})
