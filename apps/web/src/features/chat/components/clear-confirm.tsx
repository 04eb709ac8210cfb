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
  const clear = useClearChatHistory()
  const toast = useToast()
  return (
    <ConfirmModal
      show={show}
      title="Clear Chat History"
      message="This deletes every message of this conversation. It cannot be undone."
      confirmLabel="Clear"
      busy={clear.isPending}
      busyLabel="Clearing..."
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
