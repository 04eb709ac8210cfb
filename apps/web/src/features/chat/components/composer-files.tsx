import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FileIcon, PaperclipIcon } from '../../../components/ui/icons'
import { ACCEPTED_FILES, checkFiles, fileSize } from '../../../lib/attachment-files'
import { useChatStore } from '../store'

/** Adds chosen, dropped or pasted files to the composer; a refused one is named in the error. */
export function useAddFiles() {
  return (chosen: File[]) => {
    if (chosen.length === 0) return
    const { files, setFiles } = useChatStore.getState()
    const { fitting, error } = checkFiles(chosen)
    setFiles([...files, ...fitting], error)
  }
}

/** The paperclip: choose files (or take a photo on a phone) to send with the message. */
export function AttachFilesButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation()
  const add = useAddFiles()
  return (
    <label
      className={`btn btn-outline-secondary flex-shrink-0 px-2 mb-0${disabled ? ' disabled' : ''}`}
      title={t('chat.composer.attachTitle')}
    >
      <PaperclipIcon size={18} />
      <span className="visually-hidden">{t('chat.composer.attach')}</span>
      <input
        type="file"
        multiple
        aria-label={t('chat.composer.attach')}
        accept={ACCEPTED_FILES}
        hidden
        disabled={disabled}
        onChange={(e) => {
          add(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
    </label>
  )
}

/** A photo's preview while it waits to be sent (none where the browser cannot make one). */
function Preview({ file }: { file: File }) {
  const url = useMemo(
    () =>
      file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file],
  )
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return url ? (
    <img src={url} alt="" width={28} height={28} className="rounded object-fit-cover" />
  ) : (
    <FileIcon size={20} />
  )
}

/** The files to send with the message, as chips with a remove button, and why a file was refused. */
export function ComposerFiles() {
  const { t } = useTranslation()
  const files = useChatStore((s) => s.files)
  const error = useChatStore((s) => s.filesError)
  const setFiles = useChatStore((s) => s.setFiles)
  if (files.length === 0 && !error) return null
  return (
    <div className="chat-composer-files pt-2">
      {error ? (
        <div className="text-danger small mb-1" role="alert">
          {error}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t('chat.composer.filesToSend')}>
          {files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="d-flex align-items-center gap-2 border rounded-pill ps-1 pe-2 py-1 small"
            >
              <Preview file={file} />
              <span className="text-truncate" style={{ maxWidth: '12rem' }}>
                {file.name}
              </span>
              <span className="text-body-secondary">{fileSize(file.size)}</span>
              <button
                type="button"
                className="btn-close btn-sm"
                aria-label={t('chat.composer.removeFile', { name: file.name })}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
