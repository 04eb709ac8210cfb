declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown'
  /** Tables, strikethrough and task lists (GitHub-flavoured Markdown) for turndown. */
  export const gfm: TurndownService.Plugin
}

declare module '@mixmark-io/domino' {
  /** An HTML document parsed as browsers do (no DTDs, no external entities). */
  export function createDocument(html: string): Document
}
