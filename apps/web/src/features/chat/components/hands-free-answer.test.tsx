import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handsFree } from '../../../lib/hands-free'
import { renderWithProviders } from '../../../test/render'
import { AnswerActions } from './message-item'
import type { FakeUtterance } from '../../../test/speech'
import { speechSynthesis, stubSpeech } from '../../../test/speech'

beforeEach(() => {
  stubSpeech()
})
afterEach(() => {
  handsFree.reset()
  vi.unstubAllGlobals()
})

describe('an answer to a dictated message (Read answers aloud after dictation)', () => {
  it('reads itself once it is stored, and the answers before it do not', async () => {
    const before = new Date(Date.now() - 10 * 60_000).toISOString()
    handsFree.dictated()
    handsFree.sent(true)
    renderWithProviders(
      <>
        <AnswerActions content="An older answer." createdAt={before} />
        <AnswerActions content="The **garage** opens at nine." createdAt={new Date().toISOString()} />
      </>,
    )
    await waitFor(() => expect(speechSynthesis.speak).toHaveBeenCalledTimes(1))
    expect((speechSynthesis.speak.mock.calls[0]![0] as FakeUtterance).text).toBe('The garage opens at nine.')
    expect(await screen.findByRole('button', { name: 'Stop reading' })).toBeVisible()
  })

  it('stays quiet for a typed message', async () => {
    handsFree.sent(true)
    renderWithProviders(<AnswerActions content="Typed answer." createdAt={new Date().toISOString()} />)
    expect(await screen.findByRole('button', { name: 'Read aloud' })).toBeVisible()
    expect(speechSynthesis.speak).not.toHaveBeenCalled()
  })
})
