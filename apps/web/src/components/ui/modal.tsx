import { useId, type ReactNode } from 'react'
import BsModal from 'react-bootstrap/Modal'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { MODAL_Z_INDEX } from '../../config/ui'

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
      <BsModal.Header closeButton>
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
  confirmLabel,
  busy = false,
  busyLabel,
  variant = 'danger',
  onConfirm,
  onCancel,
  onExited,
}: ConfirmModalProps) {
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
            Cancel
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
    </Modal>
  )
}
