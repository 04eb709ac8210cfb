import Button from 'react-bootstrap/Button'
import { BRAND } from '../../../config/brand'

/** Starting questions an empty chat offers: each is something the assistant, offline too, can answer. */
export const STARTING_QUESTIONS = [
  'What do you remember about me?',
  'What is coming up this week?',
  'Remind me to call mum tomorrow at 6pm',
  'Remember that my passport expires in March 2027',
] as const

/** The empty chat: a welcome and, where they can be sent, the starting questions. */
export function ChatWelcome({ onSuggest }: { onSuggest?: ((text: string) => void) | undefined }) {
  return (
    <div className="chat-empty text-center text-body-secondary py-5">
      <h2 className="h4 text-body">Welcome to {BRAND} Chat!</h2>
      <p>Start a conversation with your AI assistant.</p>
      {onSuggest ? (
        <ul
          className="chat-starters list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0"
          aria-label="Starting questions"
        >
          {STARTING_QUESTIONS.map((question) => (
            <li key={question}>
              <Button
                variant="outline-primary"
                size="sm"
                className="rounded-pill"
                onClick={() => onSuggest(question)}
              >
                {question}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
