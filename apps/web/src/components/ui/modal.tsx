import { useId, type ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import BsModal from 'react-bootstrap/Modal'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { MODAL_Z_INDEX } from '../../config/ui'
import { errorMessage } from '../../lib/api-client'

interface ModalProps {
  show: boolean
  onHide: () => void
  title: ReactNode
  size?: 'sm' | 'lg' | 'xl'
  children: ReactNode
  footer?: ReactNode
  /** After the closing transition, when focus can be moved elsewhere. */
  onExited?: () => void
}

/** Closes on Escape, backdrop click and the close button; Bootstrap locks body scrolling while it is open. */
export function Modal({ show, onHide, title, size, children, footer, onExited }: ModalProps) {
  const titleId = useId()
  const { t } = useTranslation()
  return (
    <BsModal
      aria-labelledby={titleId}
      show={show}
      onHide={onHide}
      onExited={onExited}
      size={size}
      centered
      style={{ zIndex: MODAL_Z_INDEX }}
      backdropClassName="remi-modal-backdrop"
    >
      <BsModal.Header closeButton closeLabel={t('common.close')}>
        <BsModal.Title as="h2" className="h5" id={titleId}>
          {title}
        </BsModal.Title>
      </BsModal.Header>
      <BsModal.Body>{children}</BsModal.Body>
      {footer ? <BsModal.Footer>{footer}</BsModal.Footer> : null}
    </BsModal>
  )
}

interface ConfirmModalProps {
  show: boolean
  title: string
  message: ReactNode
  /** The action's failure, said under the message (the modal stays open to try again or cancel). */
  error?: unknown
  confirmLabel: string
  busy?: boolean
  busyLabel?: string
  variant?: string
  onConfirm: () => void
  onCancel: () => void
  onExited?: () => void
}

export function ConfirmModal({
  show,
  title,
  message,
  error,
  confirmLabel,
  busy = false,
  busyLabel,
  variant = 'danger',
  onConfirm,
  onCancel,
  onExited,
}: ConfirmModalProps) {
  const { t } = useTranslation()
  // While the action runs, closing would hide its outcome; ignore close requests.
  const hide = () => {
    if (!busy) onCancel()
  }
  return (
    <Modal
      show={show}
      onHide={hide}
      onExited={onExited}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant={variant} onClick={onConfirm} disabled={busy}>
            {busy ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {busyLabel ?? confirmLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </>
      }
    >
      {message}
      {error ? (
        <Alert variant="danger" className="mb-0">
          {errorMessage(error)}
        </Alert>
      ) : null}
    </Modal>
  )
}

interface FormModalFooterProps {
  /** The form the submit button sends (its id). */
  formId: string
  label: string
  saving: boolean
  disabled?: boolean
  onCancel: () => void
}

/** A form dialog's Cancel and submit buttons; while saving, the submit says "Saving..." with a spinner. */
export function FormModalFooter({ formId, label, saving, disabled = false, onCancel }: FormModalFooterProps) {
  const { t } = useTranslation()
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} variant="primary" disabled={disabled || saving}>
        {saving ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('common.saving')}
          </>
        ) : (
          label
        )}
      </Button>
    </>
  )
}
