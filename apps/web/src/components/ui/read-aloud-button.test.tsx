import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../test/render'
import { ReadAloudButton, speakableText } from './read-aloud-button'
import type { FakeUtterance } from '../../test/speech'
import { speechSynthesis, stubSpeech } from '../../test/speech'

beforeEach(() => {
  stubSpeech()
})
afterEach(() => vi.unstubAllGlobals())

describe('Read aloud', () => {
  it("reads the answer's words with the browser's voice, and stops on a second press", async () => {
    const { user } = renderWithProviders(
      <ReadAloudButton text={'**Garage**: call [Bob](https://x.test) at *nine*.'} />,
    )
    await user.click(await screen.findByRole('button', { name: 'Read aloud' }))
    expect(speechSynthesis.speak).toHaveBeenCalledTimes(1)
    const utterance = speechSynthesis.speak.mock.calls[0]![0] as FakeUtterance
    expect(utterance.text).toBe('Garage : call Bob at nine .')
    expect(utterance.lang).toBe('en-GB')
    await user.click(screen.getByRole('button', { name: 'Stop reading' }))
    expect(speechSynthesis.cancel).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument()
  })

  it("uses the server's speech model when it has one", async () => {
    const texts: string[] = []
    const play = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal(
      'Audio',
      vi.fn(function (this: { play: typeof play; pause: () => void }) {
        this.play = play
        this.pause = () => {}
      }),
    )
    URL.createObjectURL = vi.fn(() => 'blob:speech')
    server.use(
      http.get('/api/voice', () => HttpResponse.json({ transcription: false, speech: true })),
      http.post('/api/speech', async ({ request }) => {
        texts.push(((await request.json()) as { text: string }).text)
        return new HttpResponse(new Uint8Array([0xff, 0xfb, 0x90, 0x64]), {
          headers: { 'content-type': 'audio/mpeg' },
        })
      }),
    )
    // A browser without speech synthesis: the button shows once the server says it can speak.
    vi.stubGlobal('speechSynthesis', undefined)
    const { user } = renderWithProviders(<ReadAloudButton text="The garage opens at nine." />)
    await user.click(await screen.findByRole('button', { name: 'Read aloud' }))
    await waitFor(() => expect(play).toHaveBeenCalled())
    expect(texts).toEqual(['The garage opens at nine.'])
  })

  it('leaves code out of what is read', () => {
    expect(speakableText('Run:\n```sh\nrm -rf /\n```\nthen # done')).toBe('Run: then done')
  })
})
