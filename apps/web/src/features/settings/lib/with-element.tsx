import { Fragment, type ReactNode } from 'react'

/** Where an element goes in a translated text: a mark no text holds. */
export const ELEMENT_MARK = '\u0001'

/**
 * A translated text with an element (a link) inside it, where the language puts it: the text is asked
 * for with ELEMENT_MARK as the argument, and the element takes the mark's place.
 */
export function withElement(text: string, element: ReactNode): ReactNode {
  const [before, ...after] = text.split(ELEMENT_MARK)
  return (
    <>
      {before}
      {after.length > 0 ? <Fragment>{element}</Fragment> : null}
      {after.join('')}
    </>
  )
}
