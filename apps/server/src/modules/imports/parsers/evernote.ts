// domino (imported below) is a DOM implementation: its documents and elements are typed by TypeScript's DOM library.
/// <reference lib="dom" />
import { StringDecoder } from 'node:string_decoder'
import { gfm } from '@joplin/turndown-plugin-gfm'
import { createDocument } from '@mixmark-io/domino'
import { SaxesParser } from 'saxes'
import TurndownService from 'turndown'
import { badRequest } from '../../../lib/errors.ts'
import { NOTE_FILE_MAX_BYTES, type SourceFile } from './archive.ts'
import {
  fileStem,
  NOTE_FILE_ATTACH_MAX,
  storable,
  type NoteFile,
  type NoteItem,
  type NoteSink,
  type ParsedNote,
} from './note.ts'

export const XML_ENTITIES_REFUSED =
  'The Evernote file declares XML entities or a DTD of its own, which Remi never reads (Evernote exports have none).'

/** Evernote's times: 20250310T101500Z. */
function enexTime(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim())
  if (!m) return null
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
}

interface DomNode {
  nodeType: number
  nodeName: string
  nodeValue: string | null
  childNodes: ArrayLike<DomNode>
  getAttribute?(name: string): string | null
}

const styleOf = (node: DomNode) => node.getAttribute?.('style') ?? ''
const isTodoList = (node: DomNode) => /--en-todo:\s*true/i.test(styleOf(node))

/** A code block's text: its text with a line end after each line's element and each <br>. */
function codeText(node: DomNode): string {
  let out = ''
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += child.nodeValue ?? ''
    else if (child.nodeName === 'BR') out += '\n'
    else {
      out += codeText(child)
      if (/^(DIV|P)$/.test(child.nodeName) && !out.endsWith('\n')) out += '\n'
    }
  }
  return out
}

/** ENML (Evernote's HTML) to Markdown with turndown: checklists as - [ ] / - [x], code blocks fenced. */
function enmlConverter() {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    // An <en-todo> is empty, so turndown takes it for blank: a checkbox outside a list item still starts
    // its checklist line ('<div><en-todo checked="true"/>Done</div>').
    blankReplacement: (_content, node) => {
      const element = node as unknown as HTMLElement & { isBlock?: boolean }
      if (element.nodeName === 'EN-TODO')
        return element.closest('li') ? '' : `- [${element.getAttribute('checked') === 'true' ? 'x' : ' '}] `
      return element.isBlock ? '\n\n' : ''
    },
  })
  turndown.use(gfm)
  turndown.remove(['en-media', 'en-crypt', 'script', 'style', 'title'] as unknown as TurndownService.Filter)
  // An ordinary list item as people write them ('- Milk', '1. Eggs'), not turndown's '-   Milk'; what it
  // holds on further lines is indented to its text, as CommonMark nests it.
  turndown.addRule('list-item', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as unknown as HTMLElement | null
      let prefix = '- '
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1
        prefix = `${start + itemIndex(parent, node)}. `
      }
      const text = content.replace(/^\n+|\n+$/g, '').replace(/\n/gm, `\n${' '.repeat(prefix.length)}`)
      return `${prefix}${text}${node.nextSibling ? '\n' : ''}`
    },
  })
  // Added after (so looked at before) the ordinary item.
  turndown.addRule('evernote-checklist-item', {
    filter: (node) => {
      if (node.nodeName !== 'LI') return false
      const parent = node.parentNode as unknown as DomNode | null
      return (parent !== null && isTodoList(parent)) || node.querySelector('en-todo') != null
    },
    replacement: (content, node) => {
      const element = node as unknown as HTMLElement
      const todo = element.querySelector('en-todo')
      const checked = todo
        ? todo.getAttribute('checked') === 'true'
        : /--en-checked:\s*true/i.test(element.getAttribute('style') ?? '')
      const text = content.replace(/^\n+|\n+$/g, '').replace(/\n/gm, '\n    ')
      return `- [${checked ? 'x' : ' '}] ${text}\n`
    },
  })
  // The tables plugin reads a table's `rows` once per row and column, and domino builds that list anew
  // each time: a 2 000-row table took 13 s. Each table gets the list once, as it is reached (turndown
  // converts a copy of the document, so this cannot be done beforehand); the rule itself converts nothing.
  turndown.addRule('table-rows-once', {
    filter: (node) => {
      if (node.nodeName === 'TABLE' && !Object.hasOwn(node, 'rows'))
        Object.defineProperty(node, 'rows', { value: Array.from((node as HTMLTableElement).rows) })
      return false
    },
    replacement: () => '',
  })
  // A checkbox outside a list item ('<div><en-todo checked="true"/>Done</div>') starts a checklist line.
  turndown.addRule('evernote-todo', {
    filter: ['en-todo' as keyof HTMLElementTagNameMap],
    replacement: (_content, node) => {
      const element = node as unknown as HTMLElement
      if (element.closest('li')) return ''
      return `- [${element.getAttribute('checked') === 'true' ? 'x' : ' '}] `
    },
  })
  return turndown
}

let converter: TurndownService | null = null

/** Each list's items and their places, found once a list (indexOf for every item of 64 000 took seconds). */
const itemIndexes = new WeakMap<object, Map<object, number>>()
function itemIndex(list: HTMLElement, item: object): number {
  let places = itemIndexes.get(list)
  if (!places) {
    places = new Map(Array.from(list.children, (child, i) => [child as object, i]))
    itemIndexes.set(list, places)
  }
  return places.get(item) ?? 0
}

/**
 * A start tag: its name and the rest up to '>' (a self-closing one's rest ends in '/'). No lazy part
 * backed by spaces: a tag of 50 000 spaces was tried once for each of them.
 */
const START_TAG = /<([a-zA-Z][\w-]*)([^<>]*)>/g
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/** An ENML note's Markdown. */
export function enmlToMarkdown(enml: string): string {
  converter ??= enmlConverter()
  // The XML declaration and DOCTYPE are not HTML: dropped before the HTML parser sees the note.
  const html = enml
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/<!DOCTYPE[^<>]*>/gi, '')
    // ENML is XML: '<en-media/>' closes itself, which HTML would read as an open tag holding the rest.
    .replace(START_TAG, (tag: string, name: string, rest: string) => {
      if (!rest.endsWith('/') || !/^(\s|\/$)/.test(rest) || VOID.has(name.toLowerCase())) return tag
      return `<${name}${rest.slice(0, -1).trimEnd()}></${name}>`
    })
  const doc = createDocument(html)
  // Evernote's code blocks are divs styled -en-codeblock: made <pre><code> (whitespace kept) first.
  for (const block of Array.from(doc.querySelectorAll('div'))) {
    const style = block.getAttribute('style') ?? ''
    if (!/-en-codeblock:\s*true/i.test(style) || !block.isConnected) continue
    const language = /--en-codeblockLanguage:\s*([\w+#-]+)\s*(;|$)/i.exec(style)?.[1]
    const pre = doc.createElement('pre')
    const code = doc.createElement('code')
    if (language && language !== 'plaintext') code.className = `language-${language}`
    code.textContent = codeText(block as unknown as DomNode).replace(/\n+$/, '')
    pre.appendChild(code)
    block.replaceWith(pre)
  }
  return converter
    .turndown(doc.body)
    .replace(/^[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

interface NoteDraft {
  title: string
  content: string
  created: string
  tags: string[]
  sourceUrl: string
  /** Each resource's type (image/png); a resource whose data is there is in `files` too. */
  resources: string[]
  files: NoteFile[]
  tooBig: boolean
}

/** A resource as it streams: its base64 (bounded by what an attachment may be), type and name. */
interface ResourceDraft {
  base64: string[]
  length: number
  mime: string
  name: string
}

/** Base64 characters of a file as big as an attachment may be (line breaks included). */
const BASE64_MAX = Math.ceil((NOTE_FILE_ATTACH_MAX * 4) / 3) * 1.05 + 1024

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
}

/** A resource's file: its bytes decoded once it has ended (null when it is too big to attach). */
function resourceFile(r: ResourceDraft, index: number): NoteFile {
  const fallback = `${r.mime.split('/')[0] || 'file'} ${index}${EXTENSIONS[r.mime] ? `.${EXTENSIONS[r.mime]}` : ''}`
  const name = r.name.split(/[\\/]/).pop()?.trim() || fallback
  if (r.length > BASE64_MAX) return { name, size: Math.floor((r.length * 3) / 4), data: null }
  const decoded = Buffer.from(r.base64.join(''), 'base64')
  // A copy with an ArrayBuffer of its own (a small Buffer shares Node's pool), handed on without a copy.
  const data = new Uint8Array(decoded)
  return { name, size: data.length, data: data.length > NOTE_FILE_ATTACH_MAX ? null : data }
}

/**
 * An .enex file (one notebook) read as it streams through saxes, a note at a time; a resource's data is
 * never kept. A DOCTYPE with declarations of its own is refused (400) before anything of it is expanded;
 * saxes never fetches external entities nor expands entities a DTD declares.
 */
export async function parseEvernote(files: SourceFile[], emit: NoteSink): Promise<void> {
  for (const file of files) await parseEnex(file, emit)
}

async function parseEnex(file: SourceFile, emit: NoteSink) {
  const notebook = fileStem(file.name)
  const parser = new SaxesParser({ xmlns: false, position: false })
  const ready: Parameters<NoteSink>[0][] = []
  const stack: string[] = []
  let note: NoteDraft | null = null
  let resource: ResourceDraft | null = null
  let text = ''
  let sawRoot = false
  let count = 0
  const append = (value: string) => {
    if (!note) return
    const inside = stack.at(-1)
    if (inside === 'data') {
      // A resource's bytes are kept only while its note is read, and only as big as one may be attached.
      if (resource && stack.at(-2) === 'resource') {
        resource.length += value.length
        if (resource.length <= BASE64_MAX) resource.base64.push(value)
        else resource.base64 = []
      }
      return
    }
    if (inside === 'content') {
      if (note.content.length + value.length > NOTE_FILE_MAX_BYTES) note.tooBig = true
      else note.content += value
    } else if (text.length < 100_000) text += value
  }
  parser.on('doctype', (doctype) => {
    if (/\[|<!ENTITY/i.test(doctype)) throw badRequest(XML_ENTITIES_REFUSED)
  })
  parser.on('opentag', (tag) => {
    if (!sawRoot) {
      sawRoot = true
      if (tag.name !== 'en-export') throw new Error('it is not an Evernote export (no <en-export>)')
    }
    stack.push(tag.name)
    text = ''
    if (tag.name === 'note')
      note = {
        title: '',
        content: '',
        created: '',
        tags: [],
        sourceUrl: '',
        resources: [],
        files: [],
        tooBig: false,
      }
    if (tag.name === 'resource' && note) resource = { base64: [], length: 0, mime: '', name: '' }
  })
  parser.on('text', append)
  parser.on('cdata', append)
  parser.on('closetag', (tag) => {
    stack.pop()
    const n = note
    if (!n) return
    const value = text.trim()
    switch (tag.name) {
      case 'title':
        if (stack.at(-1) === 'note') n.title = value
        break
      case 'created':
        n.created = value
        break
      case 'tag':
        n.tags.push(value)
        break
      case 'source-url':
        if (stack.at(-1) === 'note-attributes') n.sourceUrl = value
        break
      case 'mime':
        if (resource) resource.mime = value
        break
      case 'file-name':
        if (resource && stack.at(-1) === 'resource-attributes') resource.name = value
        break
      case 'resource':
        if (resource) {
          n.resources.push(resource.mime)
          if (resource.length) n.files.push(resourceFile(resource, n.resources.length))
        }
        resource = null
        break
      case 'note': {
        count++
        const index = count
        ready.push({
          source: n.title || `${fileStem(file.name)} note ${index}`,
          bytes: n.content.length,
          read: () => toItem(n, notebook, file.name, index),
        })
        note = null
        break
      }
    }
    text = ''
  })
  const decoder = new StringDecoder('utf8')
  const flush = async () => {
    for (const item of ready.splice(0)) await emit(item)
  }
  try {
    for await (const chunk of await file.stream()) {
      parser.write(decoder.write(chunk as Buffer))
      await flush()
    }
    parser.write(decoder.end()).close()
    await flush()
    if (!sawRoot) throw new Error('it is empty')
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error
    await flush()
    const where = count ? ` after its ${count} ${count === 1 ? 'note' : 'notes'}` : ''
    const source = file.name.split('/').pop() ?? file.name
    const reason = `Not imported: the rest of the file could not be read${where} (${(error as Error).message.split('\n')[0]}).`
    await emit({ source, bytes: 0, read: () => ({ broken: { source, reason } }) })
  }
}

function toItem(n: NoteDraft, notebook: string, fileName: string, index: number): NoteItem {
  const title = n.title
  const source = title || `${fileStem(fileName)} note ${index}`
  if (n.tooBig)
    return {
      broken: {
        source,
        reason: `Not imported: the note is larger than ${NOTE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      },
    }
  const base = {
    source,
    title,
    tags: [notebook, ...n.tags],
    created: enexTime(n.created),
    trashed: false,
    archived: false,
  }
  let body = n.content ? enmlToMarkdown(storable(n.content)) : ''
  if (n.sourceUrl) body = `${body}\n\nSource: ${n.sourceUrl}`.trim()
  const crypt = /<en-crypt\b/i.test(n.content)
  // A resource with no data in the file is reported; the others come along as files.
  const kinds = n.resources
    .slice(n.files.length)
    .map((mime) => (mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'recording' : 'file'))
  const note: ParsedNote = {
    ...base,
    body,
    attachments: { count: n.resources.length - n.files.length, kinds },
    files: n.files,
    ...(crypt ? { leftOut: ['encrypted text'] } : {}),
  }
  return { note }
}
