import { describe, expect, it } from 'vitest'
import { namesIn, significantWords } from './words.ts'

describe('the words of a question', () => {
  it('takes the words a question capitalises where no sentence starts for names', () => {
    const words = (text: string) => significantWords(text)
    for (const [text, names] of [
      ['Gift ideas for Marta?', ['marta']],
      ["When is Ana's birthday? Bruno said May", ['ana', 'may']],
      ['Marta called. Bruno called too', []],
      ['What did I tell you about the NHS letter?', ['nhs']],
      ['gift ideas for marta', []],
      // Whose: "the plumber's number" is about the plumber, first word or not.
      ["What's the plumber's number?", ['plumber']],
      ["Marta's phone number", ['marta']],
      ['where does my mum’s sister live', ['mum']],
    ] as const) {
      expect(namesIn(text, words(text)), text).toEqual(names)
    }
  })
})
