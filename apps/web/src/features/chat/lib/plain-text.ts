/**
 * Markdown's marks taken out of a piece of a message, for places that show it as plain text (a search
 * result's snippet): `_(#home #address)_ - **December 3, 2026**:` reads "(#home #address) - December 3,
 * 2026:". Works on fragments (a snippet is cut into parts around the matched words), so it only drops
 * marks and never needs a whole document.
 */
export function plainText(markdown: string): string {
  return (
    markdown
      // [label](url) and ![alt](url): the words only.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Bold, italic, strike and code marks, wherever they are (a fragment may hold one half of a pair).
      .replace(/\*\*|__|~~|`/g, '')
      .replace(/(^|[\s(])[*_](?=\S)/g, '$1')
      .replace(/(\S)[*_](?=$|[\s).,:;!?])/g, '$1')
      // Headings, quotes and task boxes at the start of a line.
      .replace(/^(\s*)(#{1,6}\s+|>\s?|[-*+] \[[ xX]\] )/gm, '$1')
  )
}
