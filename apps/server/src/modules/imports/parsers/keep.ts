import { z } from 'zod'
import { readText, TooBigError, type SourceFile } from './archive.ts'
import { fileStem, type NoteItem, type NoteSink } from './note.ts'

/**
 * A Google Keep note as Takeout writes it (Takeout/Keep/<title>.json). userEditedTimestampUsec is on
 * every note Keep exports; a file without it is not one of Keep's notes.
 */
const KeepNote = z.object({
  title: z.string().optional(),
  textContent: z.string().optional(),
  listContent: z
    .array(z.object({ text: z.string().default(''), isChecked: z.boolean().default(false) }))
    .optional(),
  labels: z.array(z.object({ name: z.string() })).optional(),
  attachments: z
    .array(z.object({ filePath: z.string().optional(), mimetype: z.string().optional() }))
    .optional(),
  isTrashed: z.boolean().default(false),
  isArchived: z.boolean().default(false),
  userEditedTimestampUsec: z.number({ error: 'userEditedTimestampUsec is missing' }),
  createdTimestampUsec: z.number().optional(),
})

/** A Keep note file's name: a .json inside Takeout's Keep folder, or any .json when there is none. */
export const isKeepNoteFile = (name: string) => /\.json$/i.test(name)

const kindOf = (mimetype = '') =>
  mimetype.startsWith('audio/')
    ? 'voice recording'
    : mimetype.startsWith('image/')
      ? 'image or drawing'
      : 'file'

const folderOf = (name: string) => name.slice(0, name.lastIndexOf('/') + 1)

/**
 * A note's attachment among the files beside it: Takeout writes `filePath` relative to the note's folder
 * (and sometimes names the file .jpg where the note says .jpeg): the same name, else the same stem.
 */
function finder(all: SourceFile[]) {
  const byName = new Map(all.map((f) => [f.name, f]))
  const byStem = new Map(all.map((f) => [`${folderOf(f.name)}${fileStem(f.name)}`.toLowerCase(), f]))
  return (note: SourceFile, filePath: string): SourceFile | undefined => {
    if (!filePath || filePath.includes('..')) return undefined
    const folder = folderOf(note.name)
    return byName.get(folder + filePath) ?? byStem.get(`${folder}${fileStem(filePath)}`.toLowerCase())
  }
}

export async function parseKeep(
  files: SourceFile[],
  emit: NoteSink,
  all: SourceFile[] = files,
): Promise<void> {
  const find = finder(all)
  for (const file of files) {
    const source = file.name.split('/').pop() ?? file.name
    await emit({ source, bytes: file.size, read: () => readKeepNote(file, source, find) })
  }
}

async function readKeepNote(
  file: SourceFile,
  source: string,
  find: ReturnType<typeof finder>,
): Promise<NoteItem> {
  let raw: unknown
  try {
    raw = JSON.parse(await readText(file))
  } catch (error) {
    const reason =
      error instanceof TooBigError ? `the file is too big: ${error.message}` : 'the file is not valid JSON'
    return { broken: { source, reason: `Not imported: ${reason}.` } }
  }
  const parsed = KeepNote.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const what = issue?.message.includes('missing')
      ? issue.message
      : `${issue?.path.join('.')}: ${issue?.message}`
    return { broken: { source, reason: `Not a Google Keep note: ${what}.` } }
  }
  const k = parsed.data
  const body = k.listContent
    ? k.listContent
        .map((item) => `- [${item.isChecked ? 'x' : ' '}] ${item.text.replace(/\n/g, ' ')}`)
        .join('\n')
    : (k.textContent ?? '')
  const usec = k.createdTimestampUsec ?? k.userEditedTimestampUsec
  // The attachments whose files are in the upload come along; the others are reported as not imported.
  const fileSources: SourceFile[] = []
  const missing: string[] = []
  for (const attachment of k.attachments ?? []) {
    const found = find(file, attachment.filePath ?? '')
    if (found) fileSources.push(found)
    else missing.push(kindOf(attachment.mimetype))
  }
  return {
    note: {
      source: k.title?.trim() ? k.title : fileStem(source),
      title: k.title ?? '',
      body,
      tags: (k.labels ?? []).map((l) => l.name),
      created: new Date(Math.floor(usec / 1000)),
      trashed: k.isTrashed,
      archived: k.isArchived,
      attachments: { count: missing.length, kinds: missing },
      fileSources,
    },
  }
}
