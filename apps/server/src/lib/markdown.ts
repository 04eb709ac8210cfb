/** The characters that give text a Markdown meaning (emphasis, links, images, HTML, headings, tables). */
const SPECIAL = /[\\`*_[\]<>#|~]/g

/**
 * A web address in the text, with the angle brackets of an autolink around it when it has them. A
 * backslash inside an address is taken literally by the renderer's autolinks (`\<https://x\>` linked to
 * `https://x\>`, `a\_b` to `a%5C_b`), so addresses are not escaped but written as autolinks instead.
 */
const ADDRESS = /(<)?(?<![\p{L}\p{N}])((?:https?:\/\/|www\.)[^\s<>\p{Cc}]+)(>)?/giu

/** Text from a memory or a calendar, shown as itself: markdown characters lose their meaning. */
export function escapeMarkdown(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(ADDRESS)) {
    const [whole, open, address, close] = match
    const bracketed = Boolean(open && close)
    // Punctuation that ends a sentence is not part of a bare address (as GFM reads it).
    const url = bracketed ? address! : trimTrailing(address!)
    if (!/^(https?:\/\/|www\.)[^./?#]/i.test(url)) continue
    const before = text.slice(last, match.index) + (open && !bracketed ? open : '')
    const after = bracketed ? '' : whole.slice((open ? 1 : 0) + url.length)
    out += plain(before) + autolink(url) + plain(after)
    last = match.index + whole.length
  }
  return out + plain(text.slice(last))
}

const plain = (text: string) => text.replace(SPECIAL, '\\$&')

/** `<https://…>`: a CommonMark autolink, whose address no backslash escape or Markdown can change. */
const autolink = (url: string) => `<${/^www\./i.test(url) ? `http://${url}` : url}>`

function trimTrailing(url: string): string {
  let end = url.length
  for (;;) {
    const last = url[end - 1]
    if (last && '?!.,:;*_~\'"'.includes(last)) end--
    else if (last === ')' && count(url, '(', end) < count(url, ')', end)) end--
    else return url.slice(0, end)
  }
}

const count = (text: string, char: string, end: number) => text.slice(0, end).split(char).length - 1
