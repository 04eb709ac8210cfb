import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useVoiceCapabilities } from '../../../lib/voice'
import { useChatPreferences } from '../api/chat-preferences'
import type { SettingsForm } from '../lib/settings-form'

/**
 * Settings → Chat: whether facts the assistant picks out of a chat are saved at once or offered as chips,
 * and whether an answer to a dictated message is read aloud (only where the server transcribes).
 */
export function ChatSection({ form }: { form: Pick<SettingsForm, 'values' | 'change'> }) {
  const preferences = useChatPreferences()
  const voice = useVoiceCapabilities()
  const { autoSaveFacts, readAloudAfterDictation } = form.values
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="chat-settings">
        Chat
      </Card.Header>
      <Card.Body>
        {preferences.isPending ? (
          <LoadingSpinner text="Loading chat settings..." />
        ) : preferences.isError ? (
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2 mb-0">
            <span>Could not load your chat settings. {errorMessage(preferences.error)}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void preferences.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <>
            <Form.Check
              type="switch"
              id="auto-save-facts-switch"
              label="Save facts from chats automatically"
              checked={autoSaveFacts}
              aria-describedby="auto-save-facts-note"
              onChange={(event) => form.change({ autoSaveFacts: event.target.checked })}
            />
            <Form.Text id="auto-save-facts-note" muted>
              {autoSaveFacts
                ? 'Facts you tell the assistant are saved as memories at once; the answer says so, with Undo.'
                : 'Facts you tell the assistant are offered under its answer, to save with one press.'}
            </Form.Text>
            {voice.data?.transcription ? (
              <>
                <Form.Check
                  type="switch"
                  id="read-aloud-after-dictation-switch"
                  className="mt-3"
                  label="Read answers aloud after dictation"
                  checked={readAloudAfterDictation}
                  aria-describedby="read-aloud-after-dictation-note"
                  onChange={(event) => form.change({ readAloudAfterDictation: event.target.checked })}
                />
                <Form.Text id="read-aloud-after-dictation-note" muted>
                  Hands free: dictate, send, and the answer is read to you when it is complete.
                </Form.Text>
              </>
            ) : voice.data ? (
              <Form.Text as="p" className="mt-3 mb-0" muted data-testid="dictation-unavailable">
                Dictation is not set up on this server. Whoever runs it can turn it on with
                TRANSCRIPTION_MODEL (see the README&apos;s Voice section).
              </Form.Text>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  )
}
