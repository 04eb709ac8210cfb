import { ATTACHMENT_TYPE_REFUSED } from '@remi/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chatMessage, CONVERSATION_ID, fakeChatApi, streamAnswer } from '../../../test/chat-fakes'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'

const MEMORY_ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d'
const ATTACHMENT_ID = '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e'

const input = () => screen.getByRole('textbox', { name: 'Message' })
const chips = () => screen.queryByRole('list', { name: 'Files to send' })
const png = (name = 'receipt.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })
const pdf = () => new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' })

// What the composer put in each form (jsdom's Blob in a multipart body cannot be read back through Node's fetch).
let forms: FormData[] = []
beforeEach(() => {
  useChatStore.getState().reset()
  forms = []
  const append = FormData.prototype.append
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, ...args) {
    forms.push(this)
    return append.apply(this, args as Parameters<typeof append>)
  })
})
afterEach(() => vi.restoreAllMocks())

/** The memory and attachment endpoints the composer uses, recording what it made; `refuse` fails uploads. */
function fakeFilesApi(refuse?: string) {
  const state = { created: [] as unknown[], attached: [] as string[], deleted: [] as string[] }
  server.use(
    http.post('/api/memories', async ({ request }) => {
      const body = (await request.json()) as { text: string }
      state.created.push(body)
      return HttpResponse.json(
        { id: MEMORY_ID, text: body.text, tags: [], date: null, createdAt: '2026-01-07T10:00:00Z' },
        { status: 201 },
      )
    }),
    http.post('/api/memories/:id/attachments', () => {
      const file = forms.at(-1)!.get('file') as File
      if (refuse)
        return HttpResponse.json(
          { statusCode: 415, code: 'VALIDATION_FAILED', error: 'Unsupported Media Type', message: refuse },
          { status: 415 },
        )
      state.attached.push(file.name)
      return HttpResponse.json(
        { id: ATTACHMENT_ID, name: file.name, type: file.type, size: file.size, status: 'reading' },
        { status: 201 },
      )
    }),
    http.delete('/api/memories/:id', ({ params }) => {
      state.deleted.push(String(params.id))
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return state
}

function answerSends(api: ReturnType<typeof fakeChatApi>) {
  return streamAnswer('/api/chat/stream', (send, body) => {
    const userMessage = chatMessage({
      content: String(body.content) || 'receipt.png',
      minutesAgo: 0,
      attachments: [{ id: ATTACHMENT_ID, name: 'receipt.png', type: 'image/png', memoryId: MEMORY_ID }],
    })
    const answer = chatMessage({ content: 'I saved **receipt.png** as a memory.', isUserMessage: false })
    api.messages.push(userMessage, answer)
    send('user', { conversationId: CONVERSATION_ID, message: userMessage })
    send('done', { conversationId: CONVERSATION_ID, message: answer })
  })
}

describe('files in the chat composer (issue 49)', () => {
  it('takes files from the paperclip as chips that can be removed before sending', async () => {
    fakeChatApi()
    const { user } = renderWithProviders(<ChatPage />, { route: '/chat' })
    const picker = await screen.findByLabelText('Attach files')
    expect(picker).toHaveAttribute('accept', expect.stringContaining('application/pdf'))
    await user.upload(picker, [png(), pdf()])
    const list = chips()!
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('receipt.png'), expect.stringContaining('letter.pdf')])
    await user.click(screen.getByRole('button', { name: 'Remove receipt.png' }))
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(1)
    expect(chips()).toHaveTextContent('letter.pdf')
    // A file alone may be sent.
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled()
  })

  it('takes dropped and pasted files; refuses one too large or of a kind not kept, saying why', async () => {
    fakeChatApi()
    renderWithProviders(<ChatPage />, { route: '/chat' })
    const composer = await screen.findByTestId('chat-composer')
    const big = png('huge.png')
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 })
    const zip = new File(['PK'], 'photos.zip', { type: 'application/zip' })
    fireEvent.drop(composer, { dataTransfer: { files: [big, zip, pdf()], types: ['Files'] } })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('huge.png: a file may be at most 20 MB.')
    expect(alert).toHaveTextContent(`photos.zip: ${ATTACHMENT_TYPE_REFUSED}`)
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(1)

    fireEvent.paste(input(), { clipboardData: { files: [png()], getData: () => '' } })
    expect(chips()).toHaveTextContent('receipt.png')
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(2)
  })

  it('sends: the files are saved as a memory first, then the message goes with their ids', async () => {
    const api = fakeChatApi()
    const calls = answerSends(api)
    const state = fakeFilesApi()
    const { user } = renderWithProviders(<ChatPage />, { route: '/chat' })
    await user.upload(await screen.findByLabelText('Attach files'), png())
    await user.type(input(), 'How much was it?{Enter}')

    await waitFor(() => expect(calls.bodies).toHaveLength(1))
    expect(state.created).toEqual([{ text: 'How much was it?' }])
    expect(state.attached).toEqual(['receipt.png'])
    expect(calls.bodies[0]).toMatchObject({ content: 'How much was it?', attachmentIds: [ATTACHMENT_ID] })
    expect(chips()).toBeNull()
    // The sent message shows its file and the memory it was saved on.
    const sent = await screen.findByRole('list', { name: 'Files sent' })
    expect(within(sent).getByRole('link', { name: 'receipt.png' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/api/attachments/${ATTACHMENT_ID}$`)),
    )
    expect(screen.getByRole('link', { name: 'Saved as a memory' })).toHaveAttribute(
      'href',
      expect.stringContaining(MEMORY_ID),
    )
  })

  it('a file the server refuses is not sent: the message and file come back with the reason', async () => {
    const api = fakeChatApi()
    const calls = answerSends(api)
    const state = fakeFilesApi('This image cannot be read: the file is damaged.')
    const { user } = renderWithProviders(<ChatPage />, { route: '/chat' })
    await user.upload(await screen.findByLabelText('Attach files'), png())
    await user.type(input(), 'Keep this{Enter}')

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('receipt.png was not attached'))
    expect(screen.getByRole('alert')).toHaveTextContent('the file is damaged')
    expect(calls.bodies).toEqual([])
    // The memory made for it is deleted again; the composer has the message and the file back.
    expect(state.deleted).toEqual([MEMORY_ID])
    expect(input()).toHaveValue('Keep this')
    expect(chips()).toHaveTextContent('receipt.png')
  })
})
