import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import { CONNECTED_TOOL, type Activity, type ConnectedToolCall } from '@remi/shared'
import { errorMessage } from '../../../lib/api-client'
import { useResolveToolCall, useToolCalls } from '../api/connected-tool-calls'
import { useChatStore } from '../store'

const DONE: Record<Exclude<ConnectedToolCall['status'], 'pending'>, string> = {
  ran: 'Ran',
  failed: 'Failed',
  cancelled: 'Cancelled.',
  lapsed: 'Lapsed when the next message was sent.',
}

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
  if (!data?.length) return null
  return (
    <div className="d-flex flex-column gap-2 mt-2" aria-label="Tools waiting for you" role="group">
      {data.map((call) => (
        <ToolCallCard key={call.id} call={call} />
      ))}
    </div>
  )
}

function ToolCallCard({ call }: { call: ConnectedToolCall }) {
  const resolve = useResolveToolCall()
  const [error, setError] = useState<string | null>(null)
  const act = (action: 'run' | 'cancel') => {
    setError(null)
    resolve.mutate({ id: call.id, action }, { onError: (e) => setError(errorMessage(e)) })
  }
  return (
    <div className="border rounded p-2 small bg-body-tertiary" data-testid="tool-call">
      <div className="mb-1">
        Run <strong>{call.tool}</strong> on {call.serverName}?{' '}
        <code className="text-break">{JSON.stringify(call.arguments)}</code>
      </div>
      {call.status === 'pending' ? (
        <div className="d-flex gap-2">
          <Button size="sm" disabled={resolve.isPending} onClick={() => act('run')}>
            Run
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={resolve.isPending}
            onClick={() => act('cancel')}
          >
            Cancel
          </Button>
        </div>
      ) : (
        <span>
          {DONE[call.status]}
          {call.result ? `: ${call.result}` : ''}
        </span>
      )}
      {error ? (
        <div className="text-danger mt-1" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  )
}
