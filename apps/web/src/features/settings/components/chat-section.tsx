import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
  const preferences = useChatPreferences()
  const voice = useVoiceCapabilities()
  const { autoSaveFacts, readAloudAfterDictation } = form.values
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="chat-settings">
        {t('settings.sections.chat')}
      </Card.Header>
      <Card.Body>
        {preferences.isPending ? (
          <LoadingSpinner text={t('settings.chat.loading')} />
        ) : preferences.isError ? (
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2 mb-0">
            <span>{t('settings.chat.loadFailed', { reason: errorMessage(preferences.error) })}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void preferences.refetch()}>
              {t('settings.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            <Form.Check
              type="switch"
              id="auto-save-facts-switch"
              label={t('settings.chat.autoSave')}
              checked={autoSaveFacts}
              aria-describedby="auto-save-facts-note"
              onChange={(event) => form.change({ autoSaveFacts: event.target.checked })}
            />
            <Form.Text id="auto-save-facts-note" muted>
              {autoSaveFacts ? t('settings.chat.autoSaveOn') : t('settings.chat.autoSaveOff')}
            </Form.Text>
            {voice.data?.transcription ? (
              <>
                <Form.Check
                  type="switch"
                  id="read-aloud-after-dictation-switch"
                  className="mt-3"
                  label={t('settings.chat.readAloud')}
                  checked={readAloudAfterDictation}
                  aria-describedby="read-aloud-after-dictation-note"
                  onChange={(event) => form.change({ readAloudAfterDictation: event.target.checked })}
                />
                <Form.Text id="read-aloud-after-dictation-note" muted>
                  {t('settings.chat.readAloudNote')}
                </Form.Text>
              </>
            ) : voice.data ? (
              <Form.Text as="p" className="mt-3 mb-0" muted data-testid="dictation-unavailable">
                {t('settings.chat.noDictation')}
              </Form.Text>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  )
}
