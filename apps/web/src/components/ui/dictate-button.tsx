import { useEffect } from 'react'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { useDictation } from '../../lib/use-dictation'
import { isDictationShortcut, useVoiceCapabilities } from '../../lib/voice'
import { MicIcon } from './icons'

interface Props {
  /** The field the words go into: Ctrl/⌘+Shift+Space there toggles dictation, and it gets the focus back. */
  fieldId: string
  onText: (text: string) => void
  /** Told when a recording starts and ends (the chat hides its paperclip meanwhile, for room on a phone). */
  onRecording?: (recording: boolean) => void
  className?: string
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * The microphone beside a field: press to record, press again to stop and have it written down into the
 * field (to edit before sending or saving); Esc drops the recording. Hidden when the server has no
 * transcription model.
 */
export function DictateButton({ fieldId, onText, onRecording, className }: Props) {
  const { t } = useTranslation()
  const capabilities = useVoiceCapabilities()
  const dictation = useDictation((text) => {
    onText(text)
    document.getElementById(fieldId)?.focus()
  })
  const { state, toggle, cancel } = dictation
  const recording = state === 'recording'
  useEffect(() => onRecording?.(recording), [recording, onRecording])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isDictationShortcut(event) && document.activeElement?.id === fieldId) {
        event.preventDefault()
        toggle()
      } else if (recording && event.key === 'Escape') {
        // The recording, not the dialog around it, is what Esc closes first.
        event.preventDefault()
        event.stopImmediatePropagation()
        cancel()
      }
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [fieldId, recording, toggle, cancel])

  if (!capabilities.data?.transcription) return null
  return (
    <div className={`dictate d-flex align-items-center gap-2 flex-wrap ${className ?? ''}`}>
      <Button
        variant={recording ? 'danger' : 'outline-secondary'}
        aria-label={t('common.dictate.label')}
        aria-pressed={recording}
        title={recording ? t('common.dictate.stop') : t('common.dictate.start')}
        disabled={state === 'starting' || state === 'transcribing'}
        onClick={toggle}
      >
        {state === 'transcribing' ? <Spinner size="sm" aria-hidden="true" /> : <MicIcon />}
      </Button>
      {recording ? (
        <span className="small d-flex align-items-center gap-2" role="status">
          <span className="visually-hidden">{t('common.dictate.recording')}</span>
          <span data-testid="dictation-elapsed">{clock(dictation.seconds)}</span>
          <meter min={0} max={1} value={dictation.level} aria-label={t('common.dictate.level')} />
          <span className="text-body-secondary d-none d-sm-inline">{t('common.dictate.escCancels')}</span>
        </span>
      ) : null}
      {state === 'transcribing' ? (
        <span className="small text-body-secondary" role="status">
          {t('common.dictate.writing')}
        </span>
      ) : null}
      {dictation.error ? (
        <span className="small text-danger" role="alert">
          {dictation.error}
        </span>
      ) : null}
    </div>
  )
}
