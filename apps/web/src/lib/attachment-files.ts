import { ATTACHMENT_LIMITS, ATTACHMENT_TYPE_REFUSED } from '@remi/shared'

const MB = 1024 * 1024

/** What a file input offers: the kinds the server keeps (issue 49); the server reads the real type. */
export const ACCEPTED_FILES = 'image/*,application/pdf,text/plain,text/markdown,.md,.docx'

/** The files a paste or a drop carries (text pasted stays text). */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : []
}

export const tooLarge = (file: File) => file.size > ATTACHMENT_LIMITS.fileBytes

export const TOO_LARGE_MESSAGE = `a file may be at most ${ATTACHMENT_LIMITS.fileBytes / MB} MB.`

const ACCEPTED_NAME = /\.(jpe?g|png|webp|heic|heif|gif|pdf|txt|md|markdown|docx)$/i
const ACCEPTED_TYPE =
  /^(image\/|application\/pdf$|text\/plain|text\/markdown|application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document$)/

/** A kind the server keeps, as far as the browser can tell (an empty type is judged by its name). */
export const acceptedKind = (file: File) =>
  file.type ? ACCEPTED_TYPE.test(file.type) && file.type !== 'image/svg+xml' : ACCEPTED_NAME.test(file.name)

/** The files that may be sent, and a sentence naming those refused (too large, or a kind not kept). */
export function checkFiles(chosen: File[]): { fitting: File[]; error: string | null } {
  const big = chosen.filter(tooLarge)
  const odd = chosen.filter((f) => !tooLarge(f) && !acceptedKind(f))
  const errors = [
    big.length ? `${big.map((f) => f.name).join(', ')}: ${TOO_LARGE_MESSAGE}` : null,
    odd.length ? `${odd.map((f) => f.name).join(', ')}: ${ATTACHMENT_TYPE_REFUSED}` : null,
  ].filter(Boolean)
  return {
    fitting: chosen.filter((f) => !tooLarge(f) && acceptedKind(f)),
    error: errors.length ? errors.join(' ') : null,
  }
}

/** "1.2 MB", "340 KB", "12 B". */
export function fileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}
