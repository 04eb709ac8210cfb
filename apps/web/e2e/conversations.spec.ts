import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** Screenshots for people to look at. */
const SCREENS = process.env.SCREENS_DIR ?? '/tmp/remi-coord/screens'
mkdirSync(SCREENS, { recursive: true })

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360', width: 360, height: 740 },
] as const

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const answers = (page: Page) => log(page).locator('.chat-bubble-assistant')

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

/** The conversation list: the sidebar on a wide screen, the drawer (opened here) on a narrow one. */
async function conversations(page: Page, narrow: boolean): Promise<Locator> {
  if (narrow) await page.getByRole('button', { name: 'Conversations' }).click()
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list).toBeVisible()
  return list
}

for (const size of WIDTHS) {
  const narrow = size.width < 992
  test(`two conversations: rename one, find the other by a word, delete one (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.goto('/chat')
    await expect(page).toHaveURL(/\/login$/)
    await signIn(page, { name: `Conversations ${size.name}` })
    await expect(page).toHaveURL(/\/chat$/)
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()

    // The first conversation: /chat starts it with the first message.
    await send(page, 'The ferry to Cacilhas leaves at nine from Cais do Sodré')
    await expect(answers(page)).toHaveCount(1)

    // A second one from 'New chat'.
    let list = await conversations(page, narrow)
    await expect(list.getByRole('link', { name: /The ferry to Cacilhas leaves at nine/ })).toBeVisible()
    await list.getByRole('button', { name: 'New chat' }).click()
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
    const secondUrl = page.url()
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()
    await send(page, 'What should I cook tonight with tomatoes')
    await expect(answers(page)).toHaveCount(1)
    await expect(log(page).getByText('The ferry to Cacilhas', { exact: false })).toHaveCount(0)

    // Both listed newest first, titled by their first words; the open one highlighted. Rename it.
    list = await conversations(page, narrow)
    const rows = list.locator('.chat-conversation-title')
    await expect(rows).toHaveText([
      'What should I cook tonight with tomatoes',
      'The ferry to Cacilhas leaves at nine from…',
    ])
    await expect(list.getByRole('link', { name: /What should I cook/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.screenshot({ path: `${SCREENS}/conversations-list-${size.name}.png` })
    await list.getByRole('button', { name: 'Rename What should I cook tonight with tomatoes' }).click()
    const title = list.getByRole('textbox', { name: 'Conversation title' })
    await title.fill('Dinner ideas')
    await title.press('Enter')
    await expect(rows).toHaveText(['Dinner ideas', 'The ferry to Cacilhas leaves at nine from…'])

    // Find the other by a word said in it, and open it at that message.
    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('Cacilhas')
    const results = list.getByRole('list', { name: 'Search results' })
    await expect(results.getByRole('link')).toHaveCount(1)
    const hit = results.getByRole('link').first()
    await expect(hit).toContainText('The ferry to Cacilhas leaves at nine')
    await expect(hit.locator('mark').first()).toHaveText('Cacilhas')
    await page.screenshot({ path: `${SCREENS}/conversations-search-${size.name}.png` })
    await hit.click()
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?message=[0-9a-f-]{36}$/)
    expect(page.url().split('?')[0]).not.toBe(secondUrl)
    const found = page.locator('.chat-found')
    await expect(found).toContainText('Cacilhas')
    await expect(found).toBeInViewport()
    // Only the message list scrolled to it: the page itself stays put under the top bar.
    expect(
      await page.evaluate(() => [
        window.scrollY,
        document.querySelector('header')!.getBoundingClientRect().top,
      ]),
    ).toEqual([0, 0])
    await expect(log(page).getByText('What should I cook tonight')).toHaveCount(0)
    await page.screenshot({ path: `${SCREENS}/conversations-opened-${size.name}.png` })

    // Delete the renamed one after the confirm modal; the other stays.
    list = await conversations(page, narrow)
    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('')
    await list.getByRole('button', { name: 'Delete Dinner ideas' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Conversation' })
    await expect(confirm).toContainText('Delete “Dinner ideas” and all its messages?')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rows).toHaveText(['The ferry to Cacilhas leaves at nine from…'])
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!)

    // Its address is not found any more, with a way back.
    await page.goto(secondUrl)
    await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to your conversations' }).click()
    await expect(page).toHaveURL(/\/chat$/)
    await expect(log(page).getByText('The ferry to Cacilhas leaves at nine').first()).toBeVisible()
  })
}
