import type { ConversationSummary } from '@remi/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ConfirmModal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { useDeleteConversation } from '../api/delete-conversation'
import { useChatStore } from '../store'

/** The spec's delete confirmation: buttons disabled and 'Deleting...' while it runs. */
export function DeleteConversationConfirm({
  conversation,
  activeId,
  onDone,
}: {
  conversation: ConversationSummary | null
  activeId: string | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const remove = useDeleteConversation()
  const navigate = useNavigate()
  const toast = useToast()
  // The title stays in the dialog while it closes.
  const [shown, setShown] = useState<ConversationSummary | null>(conversation)
  if (conversation && conversation !== shown) setShown(conversation)
  return (
    <ConfirmModal
      show={conversation !== null}
      title={t('chat.deleteConfirm.title')}
      message={t('chat.deleteConfirm.message', { title: shown?.title ?? t('chat.list.newChat') })}
      confirmLabel={t('chat.deleteConfirm.confirm')}
      busy={remove.isPending}
      busyLabel={t('chat.deleteConfirm.busy')}
      onConfirm={() => {
        if (!conversation) return
        remove.mutate(conversation.id, {
          onSuccess: () => {
            if (conversation.id === activeId) {
              useChatStore.getState().clearConversation()
              void navigate(paths.chat)
            }
          },
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onDone,
        })
      }}
      onCancel={onDone}
    />
  )
}
