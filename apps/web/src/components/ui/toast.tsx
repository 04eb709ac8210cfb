import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import Button from 'react-bootstrap/Button'
import Toast from 'react-bootstrap/Toast'
import ToastContainer from 'react-bootstrap/ToastContainer'
import { TOAST_DEFAULT_DURATION_MS, TOAST_Z_INDEX } from '../../config/ui'
import { common } from '../../locales/common/en'

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

// The spec's colours (§3), in their theme-following "subtle" shades: a light tint on a light page, a deep
// one on a dark page (the saturated fills stayed bright cyan and green in dark mode).
const looks: Record<string, { heading: Heading; colour: string }> = {
  success: { heading: 'success', colour: 'success' },
  error: { heading: 'error', colour: 'danger' },
  warning: { heading: 'warning', colour: 'warning' },
  info: { heading: 'info', colour: 'info' },
  // A reminder that fell due: it stays until answered, so it is shown in the page's header, below the
  // navigation, where it covers no control (see PinnedToasts).
  reminder: { heading: 'reminder', colour: 'primary' },
}
// Any other type is a plain notification (spec §3).
const notification = { heading: 'notification' as Heading, colour: 'primary' }

/**
 * The toasts' own words (headings, the close button's name): English, from the source catalogue, as the
 * sign-in page shows them (it loads no i18next); the signed-in frame gives them in the screens' language
 * (useToastTexts in app/protected-layout.tsx).
 */
export type ToastTexts = { [K in keyof typeof common.toast]: string }
type Heading = Exclude<keyof ToastTexts, 'close'>

export function toastLook(type: ToastType) {
  return looks[type] ?? notification
}

/** Types shown in the header's slot rather than floating over the page. */
const isPinned = (toast: ToastItem) => toast.type === 'reminder'

const ToastContext = createContext<ToastApi | null>(null)

interface ToastState {
  toasts: ToastItem[]
  dismiss(id: number): void
  /** How many PinnedToasts slots are on screen: with none, pinned toasts float like the others. */
  slots: number
  setSlots(change: (n: number) => number): void
  texts: ToastTexts
  setTexts(texts: ToastTexts): void
}
const ToastStateContext = createContext<ToastState | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const [slots, setSlots] = useState(0)
  const [texts, setTexts] = useState<ToastTexts>(common.toast)
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
  const state = useMemo(
    () => ({ toasts, dismiss, slots, setSlots, texts, setTexts }),
    [toasts, dismiss, slots, texts],
  )
  const floating = slots > 0 ? toasts.filter((t) => !isPinned(t)) : toasts

  return (
    <ToastContext.Provider value={api}>
      <ToastStateContext.Provider value={state}>
        {children}
        <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: TOAST_Z_INDEX }}>
          {floating.map((toast) => (
            <ToastView key={toast.id} toast={toast} texts={texts} onClose={() => dismiss(toast.id)} />
          ))}
        </ToastContainer>
      </ToastStateContext.Provider>
    </ToastContext.Provider>
  )
}

/**
 * The slot for toasts that stay until answered (a reminder): in the page's flow under the navigation,
 * so it pushes the page down instead of covering "Add Memory" on a desktop or the title on a phone.
 */
export function PinnedToasts() {
  const state = useContext(ToastStateContext)
  const setSlots = state?.setSlots
  useEffect(() => {
    if (!setSlots) return
    setSlots((n) => n + 1)
    return () => setSlots((n) => n - 1)
  }, [setSlots])
  const pinned = state?.toasts.filter(isPinned) ?? []
  if (!state || pinned.length === 0) return null
  return (
    <div className="remi-pinned-toasts" style={{ zIndex: TOAST_Z_INDEX }}>
      {pinned.map((toast) => (
        <ToastView key={toast.id} toast={toast} texts={state.texts} onClose={() => state.dismiss(toast.id)} />
      ))}
    </div>
  )
}

/** Gives the toasts their words in the screens' language while the caller is mounted (English after). */
export function useToastTexts(texts: ToastTexts): void {
  const setTexts = useContext(ToastStateContext)?.setTexts
  const key = JSON.stringify(texts)
  useEffect(() => {
    if (!setTexts) return
    setTexts(JSON.parse(key) as ToastTexts)
    return () => setTexts(common.toast)
  }, [setTexts, key])
}

function ToastView({ toast, texts, onClose }: { toast: ToastItem; texts: ToastTexts; onClose(): void }) {
  const look = toastLook(toast.type)
  return (
    <Toast
      bg={`${look.colour}-subtle`}
      className={`remi-toast border-${look.colour}-subtle`}
      onClose={onClose}
      autohide={toast.duration > 0}
      delay={toast.duration > 0 ? toast.duration : undefined}
    >
      <Toast.Header closeLabel={texts.close} className={`text-${look.colour}-emphasis`}>
        <strong className="me-auto">{texts[look.heading]}</strong>
      </Toast.Header>
      <Toast.Body className="text-body-emphasis">
        {toast.message}
        {toast.actions.length ? (
          <div className="d-flex flex-wrap gap-2 mt-2">
            {toast.actions.map((action) => (
              <Button
                key={action.label}
                size="sm"
                variant={`outline-${look.colour}`}
                aria-label={action.ariaLabel}
                onClick={() => {
                  onClose()
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
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast needs a <ToastProvider> above it')
  return api
}
