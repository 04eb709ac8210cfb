import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Col from 'react-bootstrap/Col'
import Row from 'react-bootstrap/Row'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDataSources } from '../api/get-data-sources'
import { DataSourceCard } from './data-source-card'
import { EmptyState } from '../../../components/ui/empty-state'
import { DataSourcesIcon } from '../../../components/ui/icons'

export function DataSourcesPage() {
  const sources = useDataSources()

  let content
  if (sources.isPending) {
    content = <LoadingSpinner text="Loading data sources..." />
  } else if (sources.isError) {
    content = (
      <Alert variant="danger">
        <Alert.Heading as="h2" className="h5">
          Data Sources Unavailable
        </Alert.Heading>
        <p>{errorMessage(sources.error)}</p>
        <Button variant="outline-danger" onClick={() => void sources.refetch()} disabled={sources.isFetching}>
          Try Again
        </Button>
      </Alert>
    )
  } else if (sources.data.length === 0) {
    content = (
      <EmptyState icon={<DataSourcesIcon size={22} />} title="No Data Sources Available">
        No data sources are currently configured. Check back later or contact your administrator.
      </EmptyState>
    )
  } else {
    content = (
      <Row xs={1} md={2} className="g-4">
        {sources.data.map((source) => (
          <Col key={source.dataSourceType}>
            <DataSourceCard source={source} />
          </Col>
        ))}
      </Row>
    )
  }

  return (
    <div className="py-3">
      <header className="mb-4">
        <h1>Data Sources</h1>
        <p className="text-body-secondary mb-0">Manage external data integrations</p>
      </header>
      {content}
    </div>
  )
}
