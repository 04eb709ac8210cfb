import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Spinner from 'react-bootstrap/Spinner'
import { FormInput } from '../../../components/ui/form-input'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useDeleteAccount } from '../api/delete-account'
import { accountExportUrl } from '../api/export-account'
import { ELEMENT_MARK, withElement } from '../lib/with-element'

const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase()

/** Settings' last card: download everything, or delete the account after typing its e-mail address. */
export function DeleteAccountSection({ email }: { email: string | undefined }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Card className="settings-card mx-auto mt-4 border-danger-subtle">
      <Card.Body>
        <h2 className="h5" id="delete-account-heading">
          {t('settings.sections.deleteAccount')}
        </h2>
        <p>{t('settings.deleteAccount.intro')}</p>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-outline-secondary" href={accountExportUrl()} download>
            {t('settings.deleteAccount.download')}
          </a>
          <Button variant="outline-danger" onClick={() => setOpen(true)} disabled={!email}>
            {t('settings.sections.deleteAccount')}
          </Button>
        </div>
      </Card.Body>
      {email ? <DeleteAccountModal show={open} email={email} onClose={() => setOpen(false)} /> : null}
    </Card>
  )
}

function DeleteAccountModal({ show, email, onClose }: { show: boolean; email: string; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const remove = useDeleteAccount()
  const [typed, setTyped] = useState('')
  const matches = sameEmail(typed, email)
  const close = () => {
    // While the deletion runs, closing would hide its outcome.
    if (remove.isPending) return
    remove.reset()
    setTyped('')
    onClose()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!matches || remove.isPending) return
    remove.mutate(typed.trim(), { onSuccess: () => toast.success(t('settings.deleteAccount.deleted')) })
  }
  const formId = 'delete-account-form'
  return (
    <Modal
      show={show}
      onHide={close}
      title={t('settings.sections.deleteAccount')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('settings.deleteAccount.deleting')}
              </>
            ) : (
              t('settings.sections.deleteAccount')
            )}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <p>{t('settings.deleteAccount.warning')}</p>
        <p>
          {withElement(
            t('settings.deleteAccount.keepCopy', { link: ELEMENT_MARK }),
            <a href={accountExportUrl()} download>
              {t('settings.deleteAccount.downloadCopy')}
            </a>,
          )}
        </p>
        <FormInput
          label={t('settings.deleteAccount.confirm', { email })}
          name="confirm-email"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={remove.isPending}
        />
        {remove.isError ? (
          <Alert variant="danger" className="mb-0">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
      </form>
    </Modal>
  )
}
