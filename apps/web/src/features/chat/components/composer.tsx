import { CHAT_LIMITS } from '@remi/shared'
import { useId, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { DictateButton } from '../../../components/ui/dictate-button'
import { BRAND } from '../../../config/brand'
import { handsFree, useReadAloudAfterDictation } from '../../../lib/hands-free'
import { filesOf } from '../../../lib/attachment-files'
import { appendDictation } from '../../../lib/voice'
import { useChatStore } from '../store'
import { AttachFilesButton, ComposerFiles, useAddFiles } from './composer-files'

interface Props {
  inputRef: RefObject<HTMLTextAreaElement | null>
  onSend: (text: string) => void
  /** The server can search the web: the Web toggle is shown. */
  webSearch?: boolean
}

/** Enter sends, Shift+Enter adds a line; while an answer streams, Stop replaces Send. */
export function Composer({ inputRef, onSend, webSearch = false }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const value = useChatStore((s) => s.messageInput)
  const setValue = useChatStore((s) => s.setMessageInput)
  const isSending = useChatStore((s) => s.isSending)
  const canStop = useChatStore((s) => s.canStop)
  const stop = useChatStore((s) => s.stop)
  const web = useChatStore((s) => s.web)
  const setWeb = useChatStore((s) => s.setWeb)
  const hasFiles = useChatStore((s) => s.files.length > 0)
  const addFiles = useAddFiles()
  const readAloud = useReadAloudAfterDictation()
  const [over, setOver] = useState(false)
  const [dictating, setDictating] = useState(false)

  // Hands-free (Settings → Chat): the answer to a dictated message is read aloud.
  const send = () => {
    if ((value.trim() !== '' || hasFiles) && !isSending) handsFree.sent(readAloud)
    onSend(value)
  }

  // Grows with its text up to the CSS max-height, then scrolls.
  useLayoutEffect(() => {
    const el = inputRef.current
    if (!el) return
    el.style.height = 'auto'
    if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight + 2}px`
  }, [inputRef, value])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  // Files dropped anywhere on the composer, or pasted into the message, are sent with it (issue 49).
  return (
    <div
      data-testid="chat-composer"
      className={over ? 'chat-composer-over rounded' : undefined}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        addFiles(filesOf(event.dataTransfer))
      }}
    >
      <ComposerFiles />
      <form
        className="chat-composer d-flex align-items-end gap-2 pt-2"
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        {/* While dictating, the microphone's time and level need the room (a 360 px phone). */}
        {dictating ? null : <AttachFilesButton disabled={isSending} />}
        {webSearch && (
          <Button
            className="flex-shrink-0 px-2"
            variant={web ? 'primary' : 'outline-secondary'}
            aria-pressed={web}
            title={t('chat.composer.webTitle')}
            onClick={() => setWeb(!web)}
          >
            {t('chat.composer.web')}
          </Button>
        )}
        <label htmlFor={id} className="visually-hidden">
          {t('chat.composer.message')}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          className="form-control"
          rows={1}
          value={value}
          maxLength={CHAT_LIMITS.contentMax}
          placeholder={t('chat.composer.placeholder', { brand: BRAND })}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            if (event.target.value.trim() === '') handsFree.cleared()
            setValue(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            const pasted = filesOf(event.clipboardData)
            if (pasted.length === 0) return
            event.preventDefault()
            addFiles(pasted)
          }}
        />
        <span id={`${id}-hint`} className="visually-hidden">
          {t('chat.composer.hint')}
        </span>
        <DictateButton
          fieldId={id}
          onRecording={setDictating}
          onText={(text) => {
            handsFree.dictated()
            setValue(appendDictation(value, text))
          }}
        />
        {canStop ? (
          <Button
            variant="outline-danger"
            onClick={() => {
              stop()
              inputRef.current?.focus()
            }}
          >
            {t('chat.composer.stop')}
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={isSending || (value.trim() === '' && !hasFiles)}>
            {t('chat.composer.send')}
          </Button>
        )}
      </form>
    </div>
  )
}
