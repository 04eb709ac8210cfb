import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import { CONNECTED_TOOLS_LIMITS, type McpServer } from '@remi/shared'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useMcpServers } from '../api/get-mcp-servers'
import { useRefreshMcpServer } from '../api/refresh-mcp-server'
import { useRemoveMcpServer } from '../api/remove-mcp-server'
import { useSetConnectedTool } from '../api/set-connected-tool'
import { AddMcpServerForm } from './add-mcp-server-form'

/**
 * Settings → Connected tools (issue 50): the person's own MCP servers, whose tools Remi may call in the
 * chat once each is turned on. A tool its server marks read-only runs at once; any other asks first.
 */
export function ConnectedToolsSection() {
  const { t } = useTranslation()
  const servers = useMcpServers()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Header as="h2" className="h5 py-3">
        {t('settings.connectedTools.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('settings.connectedTools.intro')}</p>
        {servers.isPending ? <LoadingSpinner text={t('settings.connectedTools.loading')} /> : null}
        {servers.isError ? (
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
            <span>{t('settings.connectedTools.loadFailed', { reason: errorMessage(servers.error) })}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void servers.refetch()}>
              {t('settings.retry')}
            </Button>
          </Alert>
        ) : null}
        {servers.data?.length === 0 ? (
          <p className="text-body-secondary">{t('settings.connectedTools.none')}</p>
        ) : null}
        {servers.data?.map((server) => (
          <ServerCard key={server.id} server={server} />
        ))}
        <AddMcpServerForm atLimit={(servers.data?.length ?? 0) >= CONNECTED_TOOLS_LIMITS.serversPerUser} />
      </Card.Body>
    </Card>
  )
}

function ServerCard({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const setTool = useSetConnectedTool()
  const remove = useRemoveMcpServer()
  const refresh = useRefreshMcpServer()
  const failed = setTool.error ?? remove.error ?? refresh.error
  return (
    <section className="border rounded p-3 mb-3" aria-label={server.name}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="text-break">
          <h3 className="h6 mb-1">{server.name}</h3>
          <div className="small text-body-secondary font-monospace">{server.url}</div>
          <div className={`small ${server.connected ? 'text-success' : 'text-danger'}`}>{server.status}</div>
        </div>
        <div className="d-flex gap-2">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate(server.id)}
          >
            {refresh.isPending
              ? t('settings.connectedTools.checking')
              : t('settings.connectedTools.checkAgain')}
          </Button>
          <Button
            variant="outline-danger"
            size="sm"
            disabled={remove.isPending}
            aria-label={t('settings.removeNamed', { name: server.name })}
            onClick={() => remove.mutate(server.id)}
          >
            {t('settings.remove')}
          </Button>
        </div>
      </div>
      {failed ? (
        <Alert variant="danger" className="mt-2 mb-0">
          {errorMessage(failed)}
        </Alert>
      ) : null}
      {server.tools.length > 0 ? (
        <ul
          className="list-unstyled mt-3 mb-0"
          aria-label={t('settings.connectedTools.toolsOf', { name: server.name })}
        >
          {server.tools.map((tool) => (
            <li key={tool.name} className="mb-2">
              <Form.Check
                type="switch"
                id={`tool-${server.id}-${tool.name}`}
                checked={tool.enabled}
                disabled={setTool.isPending}
                onChange={(event) =>
                  setTool.mutate({ serverId: server.id, tool: tool.name, enabled: event.target.checked })
                }
                label={
                  <>
                    <span className="font-monospace">{tool.name}</span>{' '}
                    <Badge
                      bg={tool.readOnly ? 'secondary' : 'warning'}
                      text={tool.readOnly ? undefined : 'dark'}
                    >
                      {tool.readOnly
                        ? t('settings.connectedTools.readOnly')
                        : t('settings.connectedTools.asksFirst')}
                    </Badge>
                  </>
                }
              />
              {tool.description ? (
                <div className="small text-body-secondary ms-5">{tool.description}</div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
