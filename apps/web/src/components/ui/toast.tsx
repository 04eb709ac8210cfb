import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import Button from 'react-bootstrap/Button'
import Toast from 'react-bootstrap/Toast'
import ToastContainer from 'react-bootstrap/ToastContainer'
import { TOAST_DEFAULT_DURATION_MS, TOAST_Z_INDEX } from '../../config/ui'

export type ToastType = 'success' | 'error' | 'warning' | 'info' | (string & {})

/** A button in the toast (a reminder's Done and Snooze); pressing one also closes the toast. */
export interface ToastAction {
  label: string
  /** The button's accessible name when the label alone is not enough ('Done: Call mum'). */
  ariaLabel?: string
  onClick: () => void
}

export interface ToastInput {
  message: string
  type?: ToastType
  duration?: number
  actions?: ToastAction[]
  /** Names the toast for dismiss(key) (a reminder's, cleared when it is answered in another tab). */
  key?: string
}

interface ToastItem {
  id: number
  key?: string
  message: string
  type: ToastType
  duration: number
  actions: ToastAction[]
}

interface ToastApi {
  show(toast: ToastInput): void
  success(message: string): void
  error(message: string): void
  warning(message: string): void
  info(message: string): void
  /** Closes the toasts shown with this key. */
  dismiss(key: string): void
}

const looks: Record<string, { heading: string; bg: string; text: string }> = {
  success: { heading: 'Success', bg: 'success', text: 'text-white' },
  error: { heading: 'Error', bg: 'danger', text: 'text-white' },
  warning: { heading: 'Warning', bg: 'warning', text: 'text-dark' },
  info: { heading: 'Info', bg: 'info', text: 'text-dark' },
}
// Any other type is a plain notification (spec §3).
const notification = { heading: 'Notification', bg: 'primary', text: 'text-white' }

export function toastLook(type: ToastType) {
  return looks[type] ?? notification
}

const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), [])

  const api = useMemo<ToastApi>(() => {
    const show = ({
      message,
      type = 'info',
      duration = TOAST_DEFAULT_DURATION_MS,
      actions = [],
      key,
    }: ToastInput) => {
      const id = nextId.current++
      setToasts((all) => [...all, { id, key, message, type, duration, actions }])
    }
    return {
      show,
      success: (message) => show({ message, type: 'success' }),
      error: (message) => show({ message, type: 'error' }),
      warning: (message) => show({ message, type: 'warning' }),
      info: (message) => show({ message, type: 'info' }),
      dismiss: (key) => setToasts((all) => all.filter((t) => t.key !== key)),
    }
  }, [])

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: TOAST_Z_INDEX }}>
        {toasts.map((toast) => {
          const look = toastLook(toast.type)
          return (
            <Toast
              key={toast.id}
              bg={look.bg}
              onClose={() => dismiss(toast.id)}
              autohide={toast.duration > 0}
              delay={toast.duration > 0 ? toast.duration : undefined}
            >
              <Toast.Header closeLabel="Close notification">
                <strong className="me-auto">{look.heading}</strong>
              </Toast.Header>
              <Toast.Body className={look.text}>
                {toast.message}
                {toast.actions.length ? (
                  <div className="d-flex flex-wrap gap-2 mt-2">
                    {toast.actions.map((action) => (
                      <Button
                        key={action.label}
                        size="sm"
                        variant={look.text === 'text-dark' ? 'outline-dark' : 'outline-light'}
                        aria-label={action.ariaLabel}
                        onClick={() => {
                          dismiss(toast.id)
                          action.onClick()
                        }}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </Toast.Body>
            </Toast>
          )
        })}
      </ToastContainer>
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast needs a <ToastProvider> above it')
  return api
}
