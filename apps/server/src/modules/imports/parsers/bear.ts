import YAML from 'yaml'
import { readText, type SourceFile } from './archive.ts'
import { markdownNote } from './markdown.ts'
import { fileStem, type NoteItem, type NoteSink } from './note.ts'

/** A Bear 2 backup's notes: one TextBundle folder each (text.md, info.json, assets/). */
export const isBearBackup = (names: string[]) => names.some((n) => /\.textbundle\//i.test(n))

interface BearInfo {
  creationDate?: unknown
  trashed?: unknown
  archived?: unknown
  encrypted?: unknown
  title?: unknown
}

interface Bundle {
  text?: SourceFile
  info?: SourceFile
  /** Its images and files (assets/), which the text shows with ![](assets/…). */
  assets: SourceFile[]
}

export async function parseBear(files: SourceFile[], emit: NoteSink): Promise<void> {
  const bundles = new Map<string, Bundle>()
  for (const file of files) {
    const match = /^(.*?\.textbundle)\/(.+)$/i.exec(file.name)
    if (!match) continue
    const bundle = bundles.get(match[1]!) ?? { assets: [] }
    bundles.set(match[1]!, bundle)
    const inner = match[2]!
    if (/^text\.(md|markdown|txt)$/i.test(inner)) bundle.text = file
    else if (inner === 'info.json') bundle.info = file
    else if (inner.startsWith('assets/')) bundle.assets.push(file)
  }
  for (const [path, bundle] of bundles) {
    const name = fileStem(path)
    const bytes = (bundle.text?.size ?? 0) + (bundle.info?.size ?? 0)
    await emit({ source: name, bytes, read: () => readBearNote(name, bundle) })
  }
}

async function readBearNote(name: string, bundle: Bundle): Promise<NoteItem> {
  let info: BearInfo
  try {
    // Bear writes info.json with trailing commas; YAML reads JSON and forgives those.
    const data = bundle.info
      ? (YAML.parse(await readText(bundle.info), { maxAliasCount: 100 }) as unknown)
      : {}
    const bear =
      data && typeof data === 'object' ? (data as Record<string, unknown>)['net.shinyfrog.bear'] : null
    info = bear && typeof bear === 'object' ? (bear as BearInfo) : {}
  } catch {
    return { broken: { source: name, reason: 'Not imported: its info.json could not be read.' } }
  }
  if (info.encrypted === 1 || info.encrypted === true) {
    return {
      broken: {
        source: typeof info.title === 'string' ? info.title : name,
        reason: 'Not imported: the note is encrypted in Bear.',
      },
    }
  }
  if (!bundle.text) return { broken: { source: name, reason: 'Not imported: the note has no text file.' } }
  let text: string
  try {
    text = await readText(bundle.text)
  } catch (error) {
    return { broken: { source: name, reason: `Not imported: ${(error as Error).message}.` } }
  }
  const note = markdownNote(name, text, {
    bear: true,
    trashed: info.trashed === 1 || info.trashed === true,
  })
  note.archived = info.archived === 1 || info.archived === true
  // A date is short: a long string is no date (and is never handed to date patterns).
  note.created =
    typeof info.creationDate === 'string' && info.creationDate.length <= 100 ? info.creationDate : null
  if (!note.title && !note.body) note.source = name
  else note.source = note.title || name
  // Every file of assets/ (shown in the text or not) comes along; embeds with no file there are reported.
  note.fileSources = bundle.assets
  note.attachments.count = Math.max(0, note.attachments.count - bundle.assets.length)
  if (!note.attachments.count) note.attachments.kinds = []
  return { note }
}
