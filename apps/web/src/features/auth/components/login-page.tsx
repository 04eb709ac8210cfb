import { useEffect, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Spinner from 'react-bootstrap/Spinner'
import { Navigate, useLocation } from 'react-router'
import type { LoginProvider } from '@remi/shared'
import { PublicHeader } from '../../../components/layouts/public-header'
import { BRAND } from '../../../config/brand'
import { apiUrl } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/auth'
import { navigateTo } from '../../../lib/browser'
import { isSafeRedirectPath, safeRedirectPath } from '../../../lib/redirect'
import { browserTimeZone } from '../../../lib/settings'
import { readStored, removeStored, writeStored } from '../../../lib/storage'
import { useSignInOptions } from '../api/get-sign-in-options'
import { useAuthTexts, useDocumentLanguage } from '../lib/auth-texts'
import { hasSignInReturnParams } from '../lib/sign-in-return'
import { LocalSignInForm } from './local-sign-in-form'
import { ProviderLogo } from './provider-logo'
import type { LoginLocationState } from './require-auth'

const providers: { id: LoginProvider; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'microsoft', label: 'Microsoft' },
]

export function loginUrl(provider: LoginProvider, returnTo: string | undefined): string {
  return apiUrl(`auth/login/${provider}`, { timezone: browserTimeZone(), returnTo })
}

export function LoginPage() {
  const location = useLocation()
  const { isSuccess } = useCurrentUser()
  const options = useSignInOptions()
  const { language, t } = useAuthTexts()
  useDocumentLanguage(language)
  const [pending, setPending] = useState<LoginProvider | null>(null)
  const from = (location.state as LoginLocationState | null)?.from
  const returnTo = isSafeRedirectPath(from) ? from : undefined

  // Coming back with the browser's Back button restores this page from cache, still "pending".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  if (isSuccess && !hasSignInReturnParams(location.search)) {
    const saved = returnTo ?? readStored('redirect')
    return <Navigate to={safeRedirectPath(saved)} replace />
  }

  const startLogin = (provider: LoginProvider) => {
    setPending(provider)
    try {
      if (returnTo) writeStored('redirect', returnTo)
      else removeStored('redirect')
      navigateTo(loginUrl(provider, returnTo))
    } catch {
      // No message from this screen (spec §8); the buttons become usable again.
      setPending(null)
    }
  }

  const pendingLabel = providers.find((p) => p.id === pending)?.label
  // No provider has credentials: the built-in sign-in on this page, not two buttons leading to it. When
  // the options cannot be read, the buttons (they work either way).
  const local = options.data && options.data.providers.length === 0 ? options.data.local : null

  return (
    <div className="login-screen d-flex flex-column">
      <PublicHeader />
      <main className="d-flex flex-grow-1 align-items-center justify-content-center px-3 py-5">
        <Card className="login-card shadow-sm w-100">
          <Card.Body className="p-4 p-sm-5 text-center">
            <img src="/icon.svg" alt="" width={64} height={64} className="mb-3" />
            <h1 className="h3 mb-2">{t('welcome', { brand: BRAND })}</h1>
            <p className="text-body-secondary mb-4">{t('tagline')}</p>
            {options.isPending ? (
              <Spinner animation="border" role="status" className="my-3">
                <span className="visually-hidden">{t('loadingSignIn')}</span>
              </Spinner>
            ) : local ? (
              <LocalSignInForm local={local} startUrl={loginUrl(local.provider, returnTo)} t={t} />
            ) : (
              <>
                <p className="fw-semibold mb-3">{t('chooseMethod')}</p>
                <div className="d-grid gap-2">
                  {providers.map((provider) => (
                    <Button
                      key={provider.id}
                      variant="outline-dark"
                      className="py-2"
                      disabled={pending !== null}
                      onClick={() => startLogin(provider.id)}
                    >
                      <span className="d-inline-flex align-items-center justify-content-center gap-2">
                        {pending === provider.id ? (
                          <Spinner animation="border" size="sm" aria-hidden="true" />
                        ) : (
                          <ProviderLogo provider={provider.id} />
                        )}
                        {t('continueWith', { provider: provider.label })}
                      </span>
                    </Button>
                  ))}
                </div>
                {pendingLabel ? (
                  <p className="mt-3 mb-0 text-body-secondary" role="status">
                    {t('redirecting', { provider: pendingLabel })}
                  </p>
                ) : null}
              </>
            )}
            <p className="small text-body-secondary mt-4 mb-0">{t('terms')}</p>
          </Card.Body>
        </Card>
      </main>
    </div>
  )
}
