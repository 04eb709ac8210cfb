import type { AccessToken } from '@remi/shared'
import { ConfirmModal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { useRevokeAccessToken } from '../api/revoke-access-token'

export function RevokeModal({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const toast = useToast()
  const revoke = useRevokeAccessToken()
  const close = () => {
    revoke.reset()
    onClose()
  }
  const confirm = () => {
    if (!token) return
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success(`Token '${token.name}' revoked`)
        close()
      },
    })
  }
  return (
    <ConfirmModal
      show={token !== null}
      title="Revoke Access Token"
      message={
        <p>
          Revoke &lsquo;{token?.name}&rsquo;? Every tool using it loses access at once. This cannot be undone.
        </p>
      }
      error={revoke.isError ? revoke.error : undefined}
      confirmLabel="Revoke"
      busy={revoke.isPending}
      busyLabel="Revoking..."
      onConfirm={confirm}
      onCancel={close}
    />
  )
}
