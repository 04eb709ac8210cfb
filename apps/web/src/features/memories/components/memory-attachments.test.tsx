import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useMemoriesUi } from '../store'
import { MemoriesPage } from './memories-page'
import { MemoryCard } from './memory-card'

// What the page put in each form (jsdom's Blob in a multipart body cannot be read back through Node's fetch).
let forms: FormData[] = []
beforeEach(() => {
  forms = []
  const append = FormData.prototype.append
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, ...args) {
    forms.push(this)
    return append.apply(this, args as Parameters<typeof append>)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  useMemoriesUi.getState().reset()
})

/** The memories API with no memories, recording what was created and attached. */
function fakeApi() {
  const state = {
    created: [] as Array<{ text: string }>,
    attached: [] as Array<{ memoryId: string; name: string }>,
  }
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
    http.get('/api/memories/tags', () => HttpResponse.json([])),
    http.get('/api/memories', () => HttpResponse.json({ items: [], totalCount: 0, page: 1, pageSize: 12 })),
    http.post('/api/memories', async ({ request }) => {
      const body = (await request.json()) as { text: string }
      state.created.push(body)
      return HttpResponse.json(
        { id: 'new-1', text: body.text, tags: [], date: null, createdAt: '2026-01-07T10:00:00Z' },
        { status: 201 },
      )
    }),
    http.post('/api/memories/:id/attachments', ({ request, params }) => {
      expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
      const file = forms.at(-1)!.get('file') as File
      state.attached.push({ memoryId: String(params.id), name: file.name })
      return HttpResponse.json(
        { id: 'a1', name: file.name, type: 'image/png', size: file.size, status: 'reading' },
        { status: 201 },
      )
    }),
  )
  return state
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' })

async function openCreate() {
  const page = renderWithProviders(<MemoriesPage />)
  await page.user.click(await screen.findByRole('button', { name: 'Create Your First Memory' }))
  return { ...page, dialog: await screen.findByRole('dialog') }
}

describe('files on memories (issue 49)', () => {
  it('shows a memory’s files on its card: thumbnail, name opening the file, reading state', () => {
    render(
      <MemoryCard
        memory={{
          id: 'm1',
          text: 'Receipts',
          tags: [],
          date: '2026-11-26',
          createdAt: null,
          attachments: [
            { id: 'a1', name: 'shop.png', type: 'image/png', size: 2048, status: 'reading' },
            {
              id: 'a2',
              name: 'letter.docx',
              type: 'application/docx',
              size: 10,
              status: 'failed',
              reason: 'The document unpacks to more than 64 MB.',
            },
          ],
        }}
        timeZone="UTC"
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    const files = screen.getAllByTestId('memory-attachment')
    expect(files[0]!.querySelector('img')!.getAttribute('src')).toMatch(/\/api\/attachments\/a1\/thumbnail$/)
    expect(within(files[0]!).getByRole('link', { name: 'shop.png' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/attachments\/a1$/),
    )
    expect(within(files[0]!).getByText('Reading…')).toBeInTheDocument()
    expect(
      within(files[1]!).getByText('Not read: The document unpacks to more than 64 MB.'),
    ).toBeInTheDocument()
  })

  it('creates a memory from a dropped file alone: its name is the text, then the file is sent', async () => {
    const state = fakeApi()
    const { user, dialog } = await openCreate()
    const create = within(dialog).getByRole('button', { name: 'Create Memory' })
    expect(create).toBeDisabled()
    fireEvent.drop(within(dialog).getByTestId('attachment-drop'), { dataTransfer: { files: [png()] } })
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).toHaveTextContent('receipt.png')
    await user.click(create)
    await waitFor(() => expect(state.attached).toEqual([{ memoryId: 'new-1', name: 'receipt.png' }]))
    expect(state.created).toEqual([expect.objectContaining({ text: 'receipt.png' })])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('takes a pasted screenshot, and offers "Add a photo" with the camera', async () => {
    const state = fakeApi()
    const { user, dialog } = await openCreate()
    const photo = within(dialog).getByLabelText('Add a photo')
    expect(photo).toHaveAttribute('accept', 'image/*')
    expect(photo).toHaveAttribute('capture')
    await user.type(within(dialog).getByLabelText('Memory'), 'Parking spot')
    fireEvent.paste(within(dialog).getByLabelText('Memory'), { clipboardData: { files: [png()] } })
    await user.upload(photo, new File(['x'], 'camera.jpg', { type: 'image/jpeg' }))
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).toHaveTextContent(
      /receipt\.png.*camera\.jpg/,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create Memory' }))
    await waitFor(() => expect(state.attached.map((a) => a.name)).toEqual(['receipt.png', 'camera.jpg']))
    expect(state.created).toEqual([expect.objectContaining({ text: 'Parking spot' })])
  })

  it('opens what another app shared ("Share → Remi") as a new memory with its file', async () => {
    const state = fakeApi()
    const form = new FormData()
    form.append('title', 'Shop receipt')
    form.append('url', 'https://shop.example/r/1')
    form.append('file', png())
    const taken: string[] = []
    vi.stubGlobal('caches', {
      open: async (name: string) => ({
        match: async (key: string) =>
          name === 'remi-share' && key === '/shared' ? { formData: async () => form } : undefined,
        delete: async (key: string) => taken.push(key),
      }),
    })
    const { user } = renderWithProviders(<MemoriesPage />, { route: '/memories?shared=1' })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Memory')).toHaveValue('Shop receipt\nhttps://shop.example/r/1')
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).toHaveTextContent('receipt.png')
    expect(taken).toEqual(['/shared'])
    await user.click(within(dialog).getByRole('button', { name: 'Create Memory' }))
    await waitFor(() => expect(state.attached).toEqual([{ memoryId: 'new-1', name: 'receipt.png' }]))
    expect(state.created).toEqual([
      expect.objectContaining({ text: 'Shop receipt\nhttps://shop.example/r/1' }),
    ])
  })
})
