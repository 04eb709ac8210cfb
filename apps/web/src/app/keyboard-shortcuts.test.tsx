import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'
import { LocationDisplay } from '../test/location-display'
import { KeyboardShortcuts } from './keyboard-shortcuts'

function renderShortcuts(extra?: React.ReactNode) {
  return renderWithProviders(
    <>
      <KeyboardShortcuts />
      <LocationDisplay />
      <input aria-label="Notes" />
      <textarea aria-label="Message" />
      <select aria-label="Choice">
        <option>g</option>
      </select>
      <div contentEditable aria-label="Editor" role="textbox" tabIndex={0} />
      {extra}
    </>,
    { route: '/dashboard' },
  )
}

const location = () => screen.getByTestId('location')

describe('keyboard shortcuts', () => {
  it('g d, g m, g c and g r go to dashboard, memories, chat and reminders', async () => {
    const { user } = renderShortcuts()
    await user.keyboard('gm')
    expect(location()).toHaveTextContent('/memories')
    await user.keyboard('gc')
    expect(location()).toHaveTextContent('/chat')
    await user.keyboard('gr')
    expect(location()).toHaveTextContent('/reminders')
    await user.keyboard('gd')
    expect(location()).toHaveTextContent('/dashboard')
  })

  it('a lone d or m is not a shortcut', async () => {
    const { user } = renderShortcuts()
    await user.keyboard('mc')
    expect(location()).toHaveTextContent('/dashboard')
  })

  it.each(['Notes', 'Message', 'Choice', 'Editor'])('never fire while typing in %s', async (field) => {
    const { user } = renderShortcuts()
    await user.click(screen.getByLabelText(field))
    await user.keyboard('gm?')
    expect(location()).toHaveTextContent('/dashboard')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('never fire with Ctrl, Alt or Meta held', async () => {
    const { user } = renderShortcuts()
    await user.keyboard('{Control>}g{/Control}{Control>}m{/Control}')
    await user.keyboard('{Alt>}gm{/Alt}')
    await user.keyboard('{Meta>}gm{/Meta}')
    expect(location()).toHaveTextContent('/dashboard')
  })

  it('? lists the shortcuts in a dialog that Escape closes; none fire while it is open', async () => {
    const { user } = renderShortcuts()
    await user.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(dialog).toHaveTextContent('Go to Memories')
    expect(dialog).toHaveTextContent('Go to Reminders')
    expect(dialog).toHaveTextContent('Create Memory (on Memories)')
    expect(dialog).toHaveTextContent('Search memories (on Memories)')
    await user.keyboard('gm')
    expect(location()).toHaveTextContent('/dashboard')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.keyboard('gm')
    expect(location()).toHaveTextContent('/memories')
  })
})
