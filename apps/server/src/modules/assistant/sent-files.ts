import type { ModelMessage } from 'ai'
import type { SentFile } from './assistant.types.ts'

/** Characters of a file's words the offline assistant quotes. */
const QUOTED_CHARS = 200

const named = (files: SentFile[]) => {
  const names = files.map((f) => `**${f.name.replace(/[*_`[\]]/g, '\\$&')}**`)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * The offline assistant's answer to a message sent with files: they are saved (as a memory) and what
 * it read of them, in a few words; it cannot answer questions about them.
 */
export function filesAnswer(files: SentFile[]): string {
  const lines = [
    `I saved ${named(files)} as a memory, so you can find ${files.length > 1 ? 'them' : 'it'} later.`,
  ]
  for (const file of files) {
    const words = file.text ? flat(file.text) : ''
    if (words)
      lines.push(
        `${named([file])} reads: “${words.length > QUOTED_CHARS ? `${words.slice(0, QUOTED_CHARS).replace(/\s\S*$/, '')}…` : words}”`,
      )
    else if (file.status === 'reading')
      lines.push(`I am still reading the words of ${named([file])}; search for them in a moment.`)
    else if (file.status === 'failed') lines.push(`I could not read the words of ${named([file])}.`)
  }
  return lines.join('\n\n')
}

/** What the model is told of the files beside the message: names, words so far, that they are saved. */
export function filesNote(files: SentFile[]): string {
  const parts = files.map((file) => {
    const seen = file.image ? ' (the image is attached below)' : ''
    const words = file.text
      ? `Its words:\n"""\n${file.text}\n"""`
      : file.status === 'reading'
        ? 'Its words are still being read.'
        : 'No words could be read from it.'
    return `File "${file.name}"${seen}. ${words}`
  })
  return (
    `[The person sent ${files.length > 1 ? 'these files' : 'this file'} with the message. ` +
    `${files.length > 1 ? 'They were' : 'It was'} saved as a new memory of theirs: say so briefly, ` +
    `and answer about ${files.length > 1 ? 'them' : 'it'}.]\n\n${parts.join('\n\n')}`
  )
}

/** The message as the model gets it: its text with the files' note, then the photos it may see. */
export function userMessage(content: string, files: SentFile[]): ModelMessage {
  if (files.length === 0) return { role: 'user', content }
  return {
    role: 'user',
    content: [
      { type: 'text', text: `${content}\n\n${filesNote(files)}` },
      ...files.flatMap((file) =>
        file.image
          ? [{ type: 'image' as const, image: file.image.data, mediaType: file.image.mediaType }]
          : [],
      ),
    ],
  }
}
