import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { CONNECTED_TOOL, type Activity, type ConnectedToolCall } from '@remi/shared'
import { errorMessage } from '../../../lib/api-client'
import { useResolveToolCall, useToolCalls } from '../api/connected-tool-calls'
import { useChatStore } from '../store'

/** Stands for the tool's name in the translated question, which shows the name in bold. */
const TOOL = '\u0000tool\u0000'

/**
 * Under the latest answer: the calls to the person's own tools that change something (issue 50), each
 * with Run and Cancel; nothing runs until they press Run.
 */
export function ToolCallCards({
  answerId,
  activity,
}: {
  answerId: string
  activity?: Activity[] | undefined
}) {
  const conversationId = useChatStore((s) => s.conversationId)
  const asked = (activity ?? []).some((a) => a.tool === CONNECTED_TOOL)
  const { data } = useToolCalls(conversationId, answerId, asked)
  const { t } = useTranslation()
  if (!data?.length) return null
  return (
    <div className="d-flex flex-column gap-2 mt-2" aria-label={t('chat.toolCalls.label')} role="group">
      {data.map((call) => (
        <ToolCallCard key={call.id} call={call} />
      ))}
    </div>
  )
}

function ToolCallCard({ call }: { call: ConnectedToolCall }) {
  const resolve = useResolveToolCall()
  const { t } = useTranslation()
  const [error, setError] = useState<string | null>(null)
  const [beforeTool = '', afterTool = ''] = t('chat.toolCalls.question', {
    tool: TOOL,
    server: call.serverName,
  }).split(TOOL)
  const status =
    call.status === 'pending'
      ? ''
      : {
          ran: t('chat.toolCalls.ran'),
          failed: t('chat.toolCalls.failed'),
          cancelled: t('chat.toolCalls.cancelled'),
          lapsed: t('chat.toolCalls.lapsed'),
        }[call.status]
  const act = (action: 'run' | 'cancel') => {
    setError(null)
    resolve.mutate({ id: call.id, action }, { onError: (e) => setError(errorMessage(e)) })
  }
  return (
    <div className="border rounded p-2 small bg-body-tertiary" data-testid="tool-call">
      <div className="mb-1">
        {beforeTool}
        <strong>{call.tool}</strong>
        {afterTool} <code className="text-break">{JSON.stringify(call.arguments)}</code>
      </div>
      {call.status === 'pending' ? (
        <div className="d-flex gap-2">
          <Button size="sm" disabled={resolve.isPending} onClick={() => act('run')}>
            {t('chat.toolCalls.run')}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={resolve.isPending}
            onClick={() => act('cancel')}
          >
            {t('chat.toolCalls.cancel')}
          </Button>
        </div>
      ) : (
        <span>{call.result ? t('chat.toolCalls.result', { status, result: call.result }) : status}</span>
      )}
      {error ? (
        <div className="text-danger mt-1" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  )
}
