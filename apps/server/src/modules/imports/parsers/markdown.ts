import type { Nodes, Parent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { visit } from 'unist-util-visit'
import YAML from 'yaml'
import { readText, TooBigError, type SourceFile } from './archive.ts'
import { fileStem, noAttachments, storable, TooComplexError, type NoteSink, type ParsedNote } from './note.ts'

/** A tag's characters: letters and digits of any script, _, - and / (nested tags); one of them not a digit. */
const TAG = /(?<=^|\s)#([\p{L}\p{M}\p{N}_\-/]*[\p{L}\p{M}_\-/][\p{L}\p{M}\p{N}_\-/]*)/gu
/** Bear's tag with spaces, closed by a hash: '#two words#'. */
const BEAR_TAG = /(?<=^|\s)#([^\s#][^#\n]*?[^\s#\\])#(?=\s|$)/gu

/**
 * The inline #tags of a Markdown text: only in its prose, so never in code (fenced, indented or a code
 * span), a link's address ('notes#books'), a wiki link's heading ('[[Note#Part]]') or a heading's '#'.
 * '#1' is not a tag (a number), '#1a' is. With `bear`, Bear's '#two words#' form too.
 */
export function inlineTags(markdown: string, { bear = false } = {}): string[] {
  // No hash, no tag: the text is not parsed at all (the parser's cost grows faster than the text on some inputs).
  if (!markdown.includes('#')) return []
  const tree = fromMarkdown(markdown)
  const tags: string[] = []
  visit(tree, (node: Nodes, _index, parent: Parent | undefined) => {
    if (node.type !== 'text') return
    if (parent && (parent.type === 'link' || parent.type === 'linkReference')) return
    let text = node.value.replace(WIKI_LINK, ' ')
    if (bear) {
      text = text.replace(BEAR_TAG, (_m, tag: string) => {
        tags.push(tag.trim())
        return ' '
      })
    }
    for (const match of text.matchAll(TAG)) tags.push(match[1]!.replace(/\/+$/, ''))
  })
  return tags.filter(Boolean)
}

/** '[[Note]]' or '![[image.png]]' (no '[' inside, so a line of '![[' is passed over in one go, not once a start). */
const WIKI_LINK = /!?\[\[[^[\]\n]*\]\]/g

/** Front matter ('---' YAML '---' at the very start) and the rest. */
export function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text)
  if (!match) return { data: {}, body: text }
  let data: unknown
  try {
    // YAML's aliases are capped (maxAliasCount), so a 'billion laughs' of anchors is refused, not expanded.
    data = YAML.parse(match[1]!, { maxAliasCount: 100, prettyErrors: false })
  } catch {
    data = {}
  }
  return {
    data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    body: text.slice(match[0].length),
  }
}

const listOf = (value: unknown): string[] => {
  if (Array.isArray(value))
    return value.flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? [String(v)] : []))
  if (typeof value === 'string') return value.split(/[,\s]+/)
  return []
}

/** A date as written (a date is short: a long string is no date, and is never handed to date patterns). */
const dateOf = (value: unknown): Date | string | null =>
  value instanceof Date
    ? value
    : typeof value === 'string' && value.trim() && value.length <= 100
      ? value.trim()
      : null

/**
 * A local file shown in the note ('![](assets/a.jpg)', '![[a.png]]'): not imported, taken out of the text.
 * No '[' in a name nor '(' in an address, so each try stops at the next one: a line of 20 000 '![[' or
 * '![a](b' is read once, not once for each of its starts.
 */
const LOCAL_EMBED = /!\[\[[^[\]\n]+\]\]|!\[[^[\]\n]*\]\((?!https?:)[^()\n]+\)/g

/** `text` without the characters of `chars` at its end (a loop: a pattern would retry at every start). */
function trimEndOf(text: string, chars: string): string {
  let end = text.length
  while (end > 0 && chars.includes(text[end - 1]!)) end--
  return text.slice(0, end)
}

/** The note's title from its first line, when that line is a heading ('# Shopping'), and the rest. */
export function leadingHeading(body: string): { title: string; rest: string } | null {
  const match = /^\s*#{1,6}[ \t]+([^\n]*)(?:\n|$)/.exec(body)
  if (!match) return null
  return { title: trimEndOf(match[1]!, ' \t#').trim(), rest: body.slice(match[0].length) }
}

/** Quotes nested deeper than this ('> > > …' at a line's start) are more than any note needs. */
const QUOTE_DEPTH_MAX = 100
const TOO_DEEP = new RegExp(`^(?:[ \\t]{0,3}>){${QUOTE_DEPTH_MAX + 1}}`, 'm')

/** A Markdown note: front matter (title, tags, created or date), a leading heading as its title, inline tags. */
export function markdownNote(
  source: string,
  text: string,
  options: { modified?: Date | null; bear?: boolean; trashed?: boolean } = {},
): ParsedNote {
  // The Markdown parser walks nested quotes by recursion: thousands deep it runs out of stack.
  if (TOO_DEEP.test(text)) throw new TooComplexError(`quotes nested more than ${QUOTE_DEPTH_MAX} deep`)
  const { data, body: afterFrontMatter } = splitFrontMatter(storable(text))
  let title = typeof data.title === 'string' ? data.title : ''
  let body = afterFrontMatter
  const heading = leadingHeading(body)
  if (heading && (!title || heading.title === title)) {
    title = heading.title
    body = heading.rest
  }
  const embeds = body.match(LOCAL_EMBED) ?? []
  body = body
    .replace(LOCAL_EMBED, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  // A vault's note is named by its file; an empty file stays empty.
  if (!title && !heading && !options.bear && body) title = fileStem(source)
  const tags = [
    ...listOf(data.tags),
    ...listOf(data.tag),
    ...inlineTags(body, { bear: options.bear ?? false }),
  ]
  return {
    source,
    title: title.trim(),
    body,
    tags: tags.map((t) => t.replace(/^#/, '')).filter(Boolean),
    created: dateOf(data.created) ?? dateOf(data.date) ?? options.modified ?? null,
    trashed: options.trashed ?? false,
    archived: data.archived === true,
    attachments: embeds.length ? { count: embeds.length, kinds: ['image or file'] } : noAttachments(),
  }
}

export const isMarkdownFile = (name: string) => /\.(md|markdown)$/i.test(name)

/** Markdown files: .md files, or every .md of an archived folder (an Obsidian vault, say). */
export async function parseMarkdown(files: SourceFile[], emit: NoteSink): Promise<void> {
  for (const file of files) {
    const parts = file.name.split('/')
    // A vault's own settings are not notes; its .trash folder holds deleted ones.
    if (parts.some((p) => p === '.obsidian' || p === '__MACOSX')) continue
    const trashed = parts.some((p) => p === '.trash' || p === '.Trash')
    await emit({
      source: file.name,
      bytes: file.size,
      read: async () => {
        let text: string
        try {
          text = await readText(file)
        } catch (error) {
          const reason =
            error instanceof TooBigError
              ? `the file is too big: ${error.message}`
              : 'the file could not be read'
          return { broken: { source: file.name, reason: `Not imported: ${reason}.` } }
        }
        return { note: markdownNote(file.name, text, { modified: file.modified, trashed }) }
      },
    })
  }
}
