import { Fragment, useState } from 'react'
import type { ListedDataSource } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { useTestDataSource } from '../api/test-data-source'
import { useUpdateDataSource } from '../api/update-data-source'
import { dataSourceSettings, dataSourceTitle } from '../lib/labels'
import { ConfigureDataSourceModal } from './configure-data-source-modal'

/** How many settings a card lists before '+N more settings...'. */
const VISIBLE_SETTINGS = 2

export function DataSourceCard({ source }: { source: ListedDataSource }) {
  const { t } = useTranslation()
  const update = useUpdateDataSource()
  const test = useTestDataSource()
  const [configuring, setConfiguring] = useState(false)
  const type = source.dataSourceType
  const title = dataSourceTitle(type, t)
  const settings = dataSourceSettings(source, t)
  const hidden = settings.length - VISIBLE_SETTINGS

  return (
    <Card className="h-100" data-testid={`data-source-${type}`}>
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 className="h5 mb-0">{title}</h2>
        <Form.Check
          type="switch"
          id={`data-source-enabled-${type}`}
          role="switch"
          aria-label={t('dataSources.card.enable', { title })}
          checked={source.isEnabled}
          onChange={() =>
            update.mutate({
              dataSourceType: type,
              isEnabled: !source.isEnabled,
              configuration: source.configuration,
            })
          }
        />
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary mb-2">
          {source.isEnabled ? t('dataSources.card.active') : t('dataSources.card.inactive')}
        </p>
        {settings.length > 0 ? (
          <dl className="row mb-0">
            {settings.slice(0, VISIBLE_SETTINGS).map((setting) => (
              <Fragment key={setting.label}>
                <dt className="col-sm-5">{setting.label}</dt>
                <dd className="col-sm-7 text-break">{setting.value}</dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        {hidden > 0 ? (
          <p className="small text-body-secondary mb-0">
            {t('dataSources.card.moreSettings', { count: hidden })}
          </p>
        ) : null}
      </Card.Body>
      <Card.Footer className="d-flex gap-2 justify-content-end">
        <Button
          variant="outline-secondary"
          disabled={!source.isEnabled || test.isPending}
          onClick={() => test.mutate(type)}
        >
          {test.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {t('dataSources.card.test')}
        </Button>
        <Button variant="primary" onClick={() => setConfiguring(true)}>
          {t('dataSources.card.configure')}
        </Button>
      </Card.Footer>
      {/* Mounted only while open, so every opening starts from the stored configuration. */}
      {configuring ? <ConfigureDataSourceModal type={type} onHide={() => setConfiguring(false)} /> : null}
    </Card>
  )
}
