import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { startOpenAIAudioFake, type OpenAIAudioFake } from '../../server/src/test/fakes/openai-audio.ts'
import { CHROMIUM } from './playwright.config.ts'
import { expect, launchServer, signIn, test as base, type RemiServer } from './fixtures.ts'

/**
 * Dictation end to end (issue 48): Chromium's fake microphone plays a WAV spoken by espeak-ng
 * (fixtures/dictation.wav, made once with `espeak-ng -v en -s 150 -w dictation.wav "Remind me to call the
 * garage at nine tomorrow."`), the page records it with MediaRecorder, and the server hands the recording
 * to a loopback fake of OpenAI's /audio/transcriptions through the real @ai-sdk/openai adapter.
 */
const WAV = fileURLToPath(new URL('./fixtures/dictation.wav', import.meta.url))

const test = base.extend<object, { audio: OpenAIAudioFake; voiceServer: RemiServer }>({
  audio: [
    async ({}, use) => {
      const fake = await startOpenAIAudioFake()
      await use(fake)
      await fake.close()
    },
    { scope: 'worker' },
  ],
  voiceServer: [
    async ({ audio }, use) => {
      const server = await launchServer(audio.env())
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ voiceServer }, use) => {
    await use(voiceServer.url)
  },
})

// This file's browser only: a microphone that plays the WAV, allowed without asking.
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
    ],
  },
})

/** Presses Dictate, lets the microphone run past a second, and presses it again. */
async function dictate(page: Page, scope: ReturnType<Page['getByRole']> | Page) {
  const button = scope.getByRole('button', { name: 'Dictate' })
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible()
  await expect(page.getByTestId('dictation-elapsed')).toHaveText('0:02', { timeout: 10_000 })
  await button.click()
}

/** The fake received a real recording: a WebM or Ogg container of non-zero length, as a file part. */
function expectRealRecording(audio: OpenAIAudioFake) {
  const file = audio.transcriptions.at(-1)?.file
  expect(file, 'the fake received a file part').toBeTruthy()
  expect(file!.bytes.length).toBeGreaterThan(1000)
  const webm = file!.bytes.readUInt32BE(0) === 0x1a45dfa3
  const ogg = file!.bytes.toString('latin1', 0, 4) === 'OggS'
  expect(webm || ogg, `a WebM or Ogg container (${file!.type})`).toBe(true)
  expect(file!.type).toMatch(/^audio\/(webm|ogg)$/)
}

test.beforeEach(({ audio }) => audio.reset())

test('dictating into the chat: the words land in the composer, then in the chat, and are read aloud', async ({
  page,
  audio,
}) => {
  // speechSynthesis.speak, spied: what the page asked to be read.
  await page.addInitScript(() => {
    const spoken: string[] = []
    Object.assign(window, { spoken })
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text)
      utterance.dispatchEvent(new Event('end'))
    }
  })
  await signIn(page, { name: 'Voice Person' })
  await page.goto('/chat')
  await expect(page).toHaveURL(/\/chat$/)
  const input = page.getByRole('textbox', { name: 'Message' })
  await dictate(page, page)
  await expect(input).toHaveValue(audio.transcript)
  await expect(input).toBeFocused()
  expectRealRecording(audio)
  await input.press('Enter')
  const conversation = page.getByRole('log', { name: 'Conversation' })
  await expect(conversation.locator('.chat-bubble-user').getByText(audio.transcript)).toBeVisible()
  const answer = conversation.locator('.chat-bubble-assistant').last()
  // With no model, the offline assistant reads the dictated words as it reads typed ones: a reminder.
  await expect(answer).toContainText("I'll remind you to call the garage")
  const { reminders } = (await (await page.request.get('/api/reminders')).json()) as {
    reminders: Array<{ text: string }>
  }
  expect(reminders).toHaveLength(1)
  expect(reminders[0]!.text).toMatch(/^call the garage/i)
  await expect(answer.getByRole('button', { name: 'Read aloud' })).toBeVisible()
  await answer.getByRole('button', { name: 'Read aloud' }).click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length))
    .toBe(1)
})

test('dictating a memory: the words land in the memory dialog to edit before saving', async ({
  page,
  audio,
}) => {
  await signIn(page, { name: 'Voice Memories' })
  await page.goto('/memories')
  await page.getByRole('button', { name: 'Add Memory' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Create Memory' })).toBeVisible()
  await dialog.getByLabel('Memory').fill('Garage:')
  await dictate(page, dialog)
  await expect(dialog.getByLabel('Memory')).toHaveValue(`Garage: ${audio.transcript}`)
  expectRealRecording(audio)
  // Esc while recording drops the recording, and the dialog stays open.
  await dialog.getByRole('button', { name: 'Dictate' }).click()
  await expect(dialog.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false')
  await expect(dialog).toBeVisible()
  expect(audio.transcriptions).toHaveLength(1)
})

test('at 360 px the microphone, its time and level fit beside the message box', async ({ page, audio }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, { name: 'Voice Phone' })
  await page.goto('/chat')
  await expect(page).toHaveURL(/\/chat$/)
  const button = page.getByRole('button', { name: 'Dictate' })
  await button.click()
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  // The message box keeps room to read what is dictated into it.
  const box = await page.getByRole('textbox', { name: 'Message' }).boundingBox()
  expect(box!.width).toBeGreaterThan(120)
  // Esc drops the recording: nothing reaches the provider.
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  expect(audio.transcriptions).toHaveLength(0)
})
