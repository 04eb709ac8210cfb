import { useState } from 'react'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../test/render'
import { MICROPHONE_REFUSED, NO_MICROPHONE } from '../../lib/use-dictation'
import { appendDictation } from '../../lib/voice'
import { DictateButton } from './dictate-button'

/** MediaRecorder as the browser's: `dataavailable` with the recording, then `stop`. */
class FakeRecorder extends EventTarget {
  static instances: FakeRecorder[] = []
  state: 'inactive' | 'recording' = 'inactive'
  mimeType = 'audio/webm;codecs=opus'
  readonly stream: MediaStream
  constructor(stream: MediaStream) {
    super()
    this.stream = stream
    FakeRecorder.instances.push(this)
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    const data = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'audio/webm' })
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }))
    this.dispatchEvent(new Event('stop'))
  }
}

const track = { stop: vi.fn() }
const getUserMedia = vi.fn()

function Field() {
  const [value, setValue] = useState('Note:')
  return (
    <>
      <textarea id="field" aria-label="Field" value={value} onChange={(e) => setValue(e.target.value)} />
      <DictateButton fieldId="field" onText={(text) => setValue((v) => appendDictation(v, text))} />
    </>
  )
}

let received: Array<{ name: string; type: string; size: number }> = []
let sent: FormData[] = []

beforeEach(() => {
  sent = []
  // What the page put in the form (jsdom's Blob in a multipart body cannot be read back through Node's fetch).
  const append = FormData.prototype.append
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, ...args) {
    sent.push(this)
    return append.apply(this, args as Parameters<typeof append>)
  })
  FakeRecorder.instances = []
  received = []
  track.stop.mockClear()
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] })
  vi.stubGlobal('MediaRecorder', FakeRecorder)
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
  server.use(
    http.get('/api/voice', () => HttpResponse.json({ transcription: true, speech: false })),
    http.post('/api/transcriptions', async ({ request }) => {
      expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
      const audio = sent.at(-1)?.get('audio') as File
      received.push({ name: audio.name, type: audio.type, size: audio.size })
      return HttpResponse.json({ text: 'call the garage at nine', language: 'en' })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the Dictate button', () => {
  it('is hidden when the server has no transcription model', async () => {
    server.use(http.get('/api/voice', () => HttpResponse.json({ transcription: false, speech: false })))
    renderWithProviders(<Field />)
    await screen.findByLabelText('Field')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dictate' })).not.toBeInTheDocument())
  })

  it('records on a press, shows time and level, and puts the words into the field on the second', async () => {
    const { user } = renderWithProviders(<Field />)
    const button = await screen.findByRole('button', { name: 'Dictate' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    await user.click(button)
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('dictation-elapsed')).toHaveTextContent('0:00')
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument()
    await user.click(button)
    await waitFor(() => expect(screen.getByLabelText('Field')).toHaveValue('Note: call the garage at nine'))
    expect(received).toEqual([{ name: 'dictation.webm', type: 'audio/webm;codecs=opus', size: 7 }])
    expect(track.stop).toHaveBeenCalled()
    expect(screen.getByLabelText('Field')).toHaveFocus()
    expect(button).toHaveAttribute('aria-pressed', 'false')
  })

  it('sends the recording again with a fresh token when the server forgot the old one', async () => {
    let tries = 0
    server.use(
      http.post('/api/transcriptions', () => {
        tries += 1
        if (tries === 1)
          return HttpResponse.json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Missing or invalid CSRF token.',
              code: 'INVALID_CSRF_TOKEN',
            },
            { status: 400 },
          )
        return HttpResponse.json({ text: 'again' })
      }),
    )
    const { user } = renderWithProviders(<Field />)
    const button = await screen.findByRole('button', { name: 'Dictate' })
    await user.click(button)
    await user.click(button)
    await waitFor(() => expect(screen.getByLabelText('Field')).toHaveValue('Note: again'))
    expect(tries).toBe(2)
  })

  it('drops the recording on Esc: nothing is sent', async () => {
    const { user } = renderWithProviders(<Field />)
    await user.click(await screen.findByRole('button', { name: 'Dictate' }))
    expect(screen.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'true')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.queryByTestId('dictation-elapsed')).not.toBeInTheDocument()
    expect(track.stop).toHaveBeenCalled()
    expect(received).toEqual([])
    expect(screen.getByLabelText('Field')).toHaveValue('Note:')
  })

  it('toggles with Ctrl+Shift+Space in its field', async () => {
    const { user } = renderWithProviders(<Field />)
    const button = await screen.findByRole('button', { name: 'Dictate' })
    await user.click(screen.getByLabelText('Field'))
    await user.keyboard('{Control>}{Shift>} {/Shift}{/Control}')
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'))
    await user.keyboard('{Control>}{Shift>} {/Shift}{/Control}')
    await waitFor(() => expect(screen.getByLabelText('Field')).toHaveValue('Note: call the garage at nine'))
  })

  it('says so when the microphone is refused or missing', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
    const { user } = renderWithProviders(<Field />)
    const button = await screen.findByRole('button', { name: 'Dictate' })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MICROPHONE_REFUSED)
    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'))
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MICROPHONE)
    expect(FakeRecorder.instances).toHaveLength(0)
  })

  it("shows the server's refusal when the words cannot be written down", async () => {
    server.use(
      http.post('/api/transcriptions', () =>
        HttpResponse.json(
          {
            statusCode: 502,
            error: 'Bad Gateway',
            message: 'The speech service failed.',
            code: 'UPSTREAM_FAILED',
          },
          { status: 502 },
        ),
      ),
    )
    const { user } = renderWithProviders(<Field />)
    const button = await screen.findByRole('button', { name: 'Dictate' })
    await user.click(button)
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('The speech service failed.')
    expect(screen.getByLabelText('Field')).toHaveValue('Note:')
  })
})
