import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Col from 'react-bootstrap/Col'
import Row from 'react-bootstrap/Row'
import { useTranslation } from 'react-i18next'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDataSources } from '../api/get-data-sources'
import { DataSourceCard } from './data-source-card'
import { EmptyState } from '../../../components/ui/empty-state'
import { DataSourcesIcon } from '../../../components/ui/icons'

export function DataSourcesPage() {
  const { t } = useTranslation()
  const sources = useDataSources()

  let content
  if (sources.isPending) {
    content = <LoadingSpinner text={t('dataSources.loading')} />
  } else if (sources.isError) {
    content = (
      <Alert variant="danger">
        <Alert.Heading as="h2" className="h5">
          {t('dataSources.unavailable')}
        </Alert.Heading>
        <p>{errorMessage(sources.error)}</p>
        <Button variant="outline-danger" onClick={() => void sources.refetch()} disabled={sources.isFetching}>
          {t('dataSources.tryAgain')}
        </Button>
      </Alert>
    )
  } else if (sources.data.length === 0) {
    content = (
      <EmptyState icon={<DataSourcesIcon size={22} />} title={t('dataSources.emptyTitle')}>
        {t('dataSources.emptyText')}
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
        <h1>{t('dataSources.title')}</h1>
        <p className="text-body-secondary mb-0">{t('dataSources.subtitle')}</p>
      </header>
      {content}
    </div>
  )
}
