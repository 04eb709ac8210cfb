import { useTranslation } from 'react-i18next'
import type { AccessToken } from '@remi/shared'
import { ConfirmModal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { useRevokeAccessToken } from '../api/revoke-access-token'

export function RevokeModal({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const { t } = useTranslation()
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
        toast.success(t('settings.accessTokens.revoked', { name: token.name }))
        close()
      },
    })
  }
  return (
    <ConfirmModal
      show={token !== null}
      title={t('settings.accessTokens.revokeTitle')}
      message={<p>{t('settings.accessTokens.confirmRevoke', { name: token?.name ?? '' })}</p>}
      error={revoke.isError ? revoke.error : undefined}
      confirmLabel={t('settings.accessTokens.revoke')}
      busy={revoke.isPending}
      busyLabel={t('settings.accessTokens.revoking')}
      onConfirm={confirm}
      onCancel={close}
    />
  )
}
