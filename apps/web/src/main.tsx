import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'bootstrap/dist/css/bootstrap.min.css'
import './styles.css'
import './design-system.css'
import { App } from './app/app'
import { AppProviders } from './app/providers'
import { BRAND } from './config/brand'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// index.html is static; the brand constant decides what the tab shows.
document.title = BRAND

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
)
