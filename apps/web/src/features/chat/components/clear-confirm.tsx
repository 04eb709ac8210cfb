import { useTranslation } from 'react-i18next'
import { ConfirmModal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useClearChatHistory } from '../api/clear-chat-history'

/** Clear History's confirmation: the conversation's messages go once confirmed. */
export function ClearConfirm({
  show,
  onDone,
  onExited,
}: {
  show: boolean
  onDone: () => void
  onExited: () => void
}) {
  const { t } = useTranslation()
  const clear = useClearChatHistory()
  const toast = useToast()
  return (
    <ConfirmModal
      show={show}
      title={t('chat.clear.title')}
      message={t('chat.clear.message')}
      confirmLabel={t('chat.clear.confirm')}
      busy={clear.isPending}
      busyLabel={t('chat.clear.busy')}
      onConfirm={() =>
        clear.mutate(undefined, {
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onDone,
        })
      }
      onCancel={onDone}
      onExited={onExited}
    />
  )
}
