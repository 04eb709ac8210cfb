import Spinner from 'react-bootstrap/Spinner'
import { useSharedTexts } from '../shared-texts'

export function LoadingSpinner({ text }: { text?: string }) {
  const texts = useSharedTexts()
  return (
    <div className="d-flex flex-column align-items-center justify-content-center gap-2 py-5" role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      {text ? (
        <span className="text-body-secondary">{text}</span>
      ) : (
        <span className="visually-hidden">{texts.loading}</span>
      )}
    </div>
  )
}
