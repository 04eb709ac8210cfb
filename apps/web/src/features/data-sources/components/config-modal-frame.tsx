import type { ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ListedDataSource } from '@remi/shared'
import { Modal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'

interface Props {
  title: string
  formId: string
  detail: UseQueryResult<ListedDataSource>
  saving: boolean
  /** Why the last save failed (the server's words), shown above the form. */
  saveError: string | null
  onHide: () => void
  children: (source: ListedDataSource) => ReactNode
}

/** The configure dialog around a form: loads the stored configuration, then Cancel / Save. */
export function ConfigModalFrame({ title, formId, detail, saving, saveError, onHide, children }: Props) {
  const { t } = useTranslation()
  return (
    <Modal
      show
      onHide={onHide}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onHide}>
            {t('dataSources.modal.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={!detail.data || saving}>
            {saving ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('dataSources.modal.saving')}
              </>
            ) : (
              t('dataSources.modal.save')
            )}
          </Button>
        </>
      }
    >
      {saveError ? (
        <Alert variant="danger" role="alert">
          {saveError}
        </Alert>
      ) : null}
      {detail.data ? (
        children(detail.data)
      ) : detail.isError ? (
        <Alert variant="danger">{errorMessage(detail.error)}</Alert>
      ) : (
        <LoadingSpinner text={t('dataSources.modal.loading')} />
      )}
    </Modal>
  )
}
