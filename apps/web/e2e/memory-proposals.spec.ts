import type { Page } from '@playwright/test'
import { openaiReply } from '../../server/src/test/fakes/openai.ts'
import { expect, signIn, test, testWithModel as withModel } from './fixtures.ts'

/** Issue 32: private memories, and changes the assistant proposes, applied or kept by the person. */

async function addMemory(page: Page, text: string, { private: secret = false } = {}) {
  await page.getByRole('button', { name: 'Add Memory' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Create Memory' })).toBeVisible()
  await dialog.getByLabel('Memory').fill(text)
  if (secret) await dialog.getByLabel('Private: never shown to an AI model or an MCP client').check()
  await dialog.getByRole('button', { name: 'Create Memory' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('memory-card').filter({ hasText: text })).toBeVisible()
}

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

test('a private memory shows a lock; proposals under the answer are applied or kept; Save as memory', async ({
  page,
}) => {
  await signIn(page, { name: 'Keep Tester' })
  await page.goto('/memories')
  await expect(page.getByRole('heading', { name: 'Memories', level: 1 })).toBeVisible()

  await addMemory(page, 'Bank PIN hint is grandma street', { private: true })
  await addMemory(page, 'Wifi password for the cabin is pinecone42')
  await addMemory(page, 'Gym locker code is 1234')
  const secret = page.getByTestId('memory-card').filter({ hasText: 'Bank PIN hint' })
  await expect(secret.getByRole('img', { name: 'Private memory' })).toBeVisible()
  const open = page.getByTestId('memory-card').filter({ hasText: 'Gym locker' })
  await expect(open.getByRole('img', { name: 'Private memory' })).toHaveCount(0)

  await page.goto('/chat')
  const proposals = page.getByTestId('memory-proposal')

  // Keep: nothing changes.
  await send(page, 'Please delete the wifi memory')
  await expect(
    proposals.filter({ hasText: 'Delete “Wifi password for the cabin is pinecone42”?' }),
  ).toBeVisible()
  await proposals.getByRole('button', { name: 'Keep' }).click()
  await expect(proposals.filter({ hasText: 'Kept as it was.' })).toBeVisible()

  // Delete: the memory goes.
  await send(page, 'forget the note about the gym locker')
  const gym = proposals.filter({ hasText: 'Delete “Gym locker code is 1234”?' })
  await expect(gym).toBeVisible()
  await gym.getByRole('button', { name: 'Delete' }).click()
  await expect(proposals.filter({ hasText: 'Deleted.' })).toBeVisible()

  // A fact told: Save as memory.
  await send(page, 'I parked on level 3, spot B12')
  const save = proposals.filter({ hasText: 'Save: I parked on level 3, spot B12' })
  await expect(save).toBeVisible()
  await save.getByRole('button', { name: 'Save as memory' }).click()
  await expect(proposals.filter({ hasText: 'Saved.' })).toBeVisible()

  await page.goto('/memories')
  const cards = page.getByTestId('memory-card')
  await expect(cards.filter({ hasText: 'Wifi password for the cabin' })).toBeVisible()
  await expect(cards.filter({ hasText: 'Gym locker code' })).toHaveCount(0)
  const parked = cards.filter({ hasText: 'I parked on level 3, spot B12' })
  await expect(parked.getByTestId('memory-last-change')).toContainText('Saved by Remi from a chat')
  // Undo on the card takes the saved memory back out.
  await parked.getByRole('button', { name: 'Undo' }).click()
  await expect(cards.filter({ hasText: 'I parked on level 3, spot B12' })).toHaveCount(0)
})

withModel(
  'with a model, a fact picked out of the message is a chip under the answer; pressing it saves it',
  async ({ page, model }) => {
    model.reset()
    // From /chat, so the dashboard's briefing never asks the model.
    await page.goto('/chat')
    await expect(page).toHaveURL(/\/login$/)
    await signIn(page, { name: 'Chip Tester' })
    await expect(page).toHaveURL(/\/chat$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Remi' })).toBeVisible()

    model.enqueue(openaiReply.text('Noted.'))
    model.enqueueFacts(openaiReply.facts('My gym locker code is 4471'))
    await send(page, 'By the way, my gym locker code is 4471')
    const chips = page.getByRole('group', { name: 'Facts to keep' })
    const chip = chips.getByRole('button', { name: 'Save: My gym locker code is 4471' })
    await expect(chip).toBeVisible()
    await chip.click()
    await expect(chips.getByText('Saved: My gym locker code is 4471')).toBeVisible()
    expect(model.factRequests).toHaveLength(1)

    await page.goto('/memories')
    const saved = page.getByTestId('memory-card').filter({ hasText: 'My gym locker code is 4471' })
    await expect(saved.getByTestId('memory-last-change')).toContainText('Saved by Remi from a chat')
  },
)
