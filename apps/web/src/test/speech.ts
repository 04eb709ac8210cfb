import { vi } from 'vitest'

/** The browser's SpeechSynthesisUtterance as the page uses it: its text, language and end handlers. */
export class FakeUtterance {
  lang = ''
  onend: (() => void) | null = null
  onerror: (() => void) | null = null
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

/** window.speechSynthesis, spied: what the page asked to be read (reset by stubSpeech). */
export const speechSynthesis = { speak: vi.fn(), cancel: vi.fn() }

/** Puts the spied voice in place of the browser's (call in beforeEach; vi.unstubAllGlobals undoes it). */
export function stubSpeech() {
  speechSynthesis.speak.mockReset()
  speechSynthesis.cancel.mockReset()
  vi.stubGlobal('speechSynthesis', speechSynthesis)
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance)
}
