import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import type { SessionInfo } from '@remi/shared'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import { paths } from '../../../config/paths'
import { clearStoredSession } from '../../../lib/storage'
import { useSessions, useSignOutOthers, useSignOutSession } from '../api/sessions'
import { formatWhen } from '../lib/dates'

/** Settings → Sessions: where this person is signed in, and signing out of any of it. */
export function SessionsSection() {
  const { t } = useTranslation()
  const sessions = useSessions()
  const [ending, setEnding] = useState<SessionInfo | null>(null)
  const [endingOthers, setEndingOthers] = useState(false)
  const others = sessions.data?.filter((s) => !s.current).length ?? 0

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="sessions">
        {t('settings.sections.sessions')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.sessions.intro')}</p>
        <SessionList query={sessions} onSignOut={setEnding} />
        {others > 0 ? (
          <Button variant="outline-danger" className="mt-3" onClick={() => setEndingOthers(true)}>
            {t('settings.sessions.everywhereElse')}
          </Button>
        ) : null}
      </Card.Body>
      <SignOutModal session={ending} onClose={() => setEnding(null)} />
      <SignOutOthersModal show={endingOthers} count={others} onClose={() => setEndingOthers(false)} />
    </Card>
  )
}

function SessionList({
  query,
  onSignOut,
}: {
  query: ReturnType<typeof useSessions>
  onSignOut: (session: SessionInfo) => void
}) {
  const { t } = useTranslation()
  const { timezone } = useUserSettings()
  if (query.isPending) return <LoadingSpinner text={t('settings.sessions.loading')} />
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>{t('settings.sessions.loadFailed', { reason: errorMessage(query.error) })}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    )
  }
  const when = (iso: string) => formatWhen(iso, timezone)
  return (
    <ul className="list-group" aria-label={t('settings.sections.sessions')}>
      {query.data.map((session) => (
        <li
          key={session.id}
          className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          <div className="text-break">
            <div>
              <strong>{session.device}</strong>{' '}
              {session.current ? <Badge bg="success">{t('settings.thisDevice')}</Badge> : null}
            </div>
            <div className="small text-body-secondary">
              {session.ip
                ? t('settings.sessions.seenFrom', {
                    seen: when(session.lastSeenAt),
                    signedIn: when(session.createdAt),
                    ip: session.ip,
                  })
                : t('settings.sessions.seen', {
                    seen: when(session.lastSeenAt),
                    signedIn: when(session.createdAt),
                  })}
            </div>
          </div>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => onSignOut(session)}
            aria-label={
              session.current
                ? t('settings.sessions.signOutThis')
                : t('settings.sessions.signOutNamed', { session: label(session) })
            }
          >
            {t('settings.sessions.signOut')}
          </Button>
        </li>
      ))}
    </ul>
  )
}

/** The session as a person tells it apart: its device and where it signed in. */
const label = (session: SessionInfo) => (session.ip ? `${session.device} (${session.ip})` : session.device)

function SignOutModal({ session, onClose }: { session: SessionInfo | null; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const signOut = useSignOutSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const close = () => {
    signOut.reset()
    onClose()
  }
  const confirm = () => {
    if (!session) return
    // This device: as the menu's Sign out does, what the app keeps is cleared and it goes home.
    if (session.current) {
      signOut.mutate(session.id, {
        onSuccess: () => {
          queryClient.clear()
          clearStoredSession()
          navigate(paths.home)
        },
      })
      return
    }
    signOut.mutate(session.id, {
      onSuccess: () => {
        toast.success(t('settings.sessions.signedOutNamed', { session: label(session) }))
        close()
      },
    })
  }
  return (
    <ConfirmModal
      show={session !== null}
      title={t('settings.sessions.oneTitle')}
      message={
        <p>
          {session?.current
            ? t('settings.sessions.confirmThis')
            : t('settings.sessions.confirmOther', { session: session ? label(session) : '' })}
        </p>
      }
      error={signOut.isError ? signOut.error : undefined}
      confirmLabel={t('settings.sessions.signOut')}
      busy={signOut.isPending}
      busyLabel={t('settings.sessions.signingOut')}
      onConfirm={confirm}
      onCancel={close}
    />
  )
}

function SignOutOthersModal({ show, count, onClose }: { show: boolean; count: number; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const signOut = useSignOutOthers()
  const [keepTokens, setKeepTokens] = useState(false)
  const close = () => {
    signOut.reset()
    setKeepTokens(false)
    onClose()
  }
  const confirm = () =>
    signOut.mutate(
      { keepAccessTokens: keepTokens },
      {
        onSuccess: ({ signedOut, accessTokensEnded }) => {
          toast.success(
            t('settings.sessions.signedOutOthers', { sessions: signedOut, tokens: accessTokensEnded }),
          )
          close()
        },
      },
    )
  return (
    <ConfirmModal
      show={show}
      title={t('settings.sessions.othersTitle')}
      message={
        <>
          <p>{t('settings.sessions.confirmOthers', { count })}</p>
          <Form.Check
            type="checkbox"
            id="sign-out-keep-access-tokens"
            label={t('settings.keepTokens')}
            checked={keepTokens}
            onChange={(event) => setKeepTokens(event.target.checked)}
          />
        </>
      }
      error={signOut.isError ? signOut.error : undefined}
      confirmLabel={t('settings.sessions.everywhereElse')}
      busy={signOut.isPending}
      busyLabel={t('settings.sessions.signingOut')}
      onConfirm={confirm}
      onCancel={close}
    />
  )
}
