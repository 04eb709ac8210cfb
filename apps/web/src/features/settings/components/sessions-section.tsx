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
import { formatDateTime } from '../../../lib/clock'

/** Settings → Sessions: where this person is signed in, and signing out of any of it. */
export function SessionsSection() {
  const sessions = useSessions()
  const [ending, setEnding] = useState<SessionInfo | null>(null)
  const [endingOthers, setEndingOthers] = useState(false)
  const others = sessions.data?.filter((s) => !s.current).length ?? 0

  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3" id="sessions">
        Sessions
      </Card.Header>
      <Card.Body>
        <p>
          Where you are signed in. Sign out of a device you no longer use, or one you do not recognise (and
          then change your password).
        </p>
        <SessionList query={sessions} onSignOut={setEnding} />
        {others > 0 ? (
          <Button variant="outline-danger" className="mt-3" onClick={() => setEndingOthers(true)}>
            Sign out everywhere else
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
  const { timezone } = useUserSettings()
  if (query.isPending) return <LoadingSpinner text="Loading sessions..." />
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>Could not load your sessions. {errorMessage(query.error)}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  const when = (iso: string) => formatWhen(iso, timezone)
  return (
    <ul className="list-group" aria-label="Sessions">
      {query.data.map((session) => (
        <li
          key={session.id}
          className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          <div className="text-break">
            <div>
              <strong>{session.device}</strong>{' '}
              {session.current ? <Badge bg="success">This device</Badge> : null}
            </div>
            <div className="small text-body-secondary">
              Last seen {when(session.lastSeenAt)} · Signed in {when(session.createdAt)}
              {session.ip ? ` from ${session.ip}` : ''}
            </div>
          </div>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => onSignOut(session)}
            aria-label={session.current ? 'Sign out of this device' : `Sign out ${label(session)}`}
          >
            Sign out
          </Button>
        </li>
      ))}
    </ul>
  )
}

/** The session as a person tells it apart: its device and where it signed in. */
const label = (session: SessionInfo) => (session.ip ? `${session.device} (${session.ip})` : session.device)

function SignOutModal({ session, onClose }: { session: SessionInfo | null; onClose: () => void }) {
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
        toast.success(`Signed out ${label(session)}`)
        close()
      },
    })
  }
  return (
    <ConfirmModal
      show={session !== null}
      title="Sign Out Session"
      message={
        <p>
          {session?.current
            ? 'Sign out of this device?'
            : `Sign out ${session ? label(session) : ''}? It will need to sign in again.`}
        </p>
      }
      error={signOut.isError ? signOut.error : undefined}
      confirmLabel="Sign out"
      busy={signOut.isPending}
      busyLabel="Signing out..."
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
      title="Sign Out Everywhere Else"
      message={
        <>
          <p>
            Sign out of your {count} other session{count === 1 ? '' : 's'}? This device stays signed in. Your
            access tokens end too, unless you keep them: a token made on a device you do not recognise would
            otherwise keep working.
          </p>
          <Form.Check
            type="checkbox"
            id="sign-out-keep-access-tokens"
            label="Keep my access tokens"
            checked={keepTokens}
            onChange={(event) => setKeepTokens(event.target.checked)}
          />
        </>
      }
      error={signOut.isError ? signOut.error : undefined}
      confirmLabel="Sign out everywhere else"
      busy={signOut.isPending}
      busyLabel="Signing out..."
      onConfirm={confirm}
      onCancel={close}
    />
  )
}

/** 'Jan 5, 2026, 10:00 AM' in the user's zone (the browser's when none is set). */
function formatWhen(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone)
}
