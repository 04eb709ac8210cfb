import { CHAT_LIMITS } from '@remi/shared'
import { useId, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react'
import Button from 'react-bootstrap/Button'
import { BRAND } from '../../../config/brand'
import { useChatStore } from '../store'

interface Props {
  inputRef: RefObject<HTMLTextAreaElement | null>
  onSend: (text: string) => void
}

/** Enter sends, Shift+Enter adds a line; while an answer streams, Stop replaces Send. */
export function Composer({ inputRef, onSend }: Props) {
  const id = useId()
  const value = useChatStore((s) => s.messageInput)
  const setValue = useChatStore((s) => s.setMessageInput)
  const isSending = useChatStore((s) => s.isSending)
  const canStop = useChatStore((s) => s.canStop)
  const stop = useChatStore((s) => s.stop)

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
    onSend(value)
  }

  return (
    <form
      className="chat-composer d-flex align-items-end gap-2 pt-2"
      onSubmit={(event) => {
        event.preventDefault()
        onSend(value)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        ref={inputRef}
        id={id}
        className="form-control"
        rows={1}
        value={value}
        maxLength={CHAT_LIMITS.contentMax}
        placeholder={`Message ${BRAND}...`}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends, Shift+Enter adds a new line.
      </span>
      {canStop ? (
        <Button
          variant="outline-danger"
          onClick={() => {
            stop()
            inputRef.current?.focus()
          }}
        >
          Stop
        </Button>
      ) : (
        <Button type="submit" variant="primary" disabled={isSending || value.trim() === ''}>
          Send
        </Button>
      )}
    </form>
  )
}
