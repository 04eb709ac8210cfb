import Container from 'react-bootstrap/Container'
import Nav from 'react-bootstrap/Nav'
import Navbar from 'react-bootstrap/Navbar'
import NavDropdown from 'react-bootstrap/NavDropdown'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { BRAND } from '../../config/brand'
import { paths } from '../../config/paths'
import { ChatIcon, DashboardIcon, DataSourcesIcon, MemoriesIcon, RemindersIcon } from '../ui/icons'

const links = [
  { to: paths.dashboard, label: 'nav.dashboard', Icon: DashboardIcon },
  { to: paths.memories, label: 'nav.memories', Icon: MemoriesIcon },
  { to: paths.chat, label: 'nav.chat', Icon: ChatIcon },
  { to: paths.reminders, label: 'nav.reminders', Icon: RemindersIcon },
  { to: paths.dataSources, label: 'nav.dataSources', Icon: DataSourcesIcon },
] as const

interface Props {
  userLabel: string
  onLogout: () => void
  loggingOut?: boolean
}

export function AppNavbar({ userLabel, onLogout, loggingOut = false }: Props) {
  const { t } = useTranslation()
  return (
    // The layout's <header> is the banner; the bar inside it needs no role of its own (the links are the
    // "Main" navigation), and a role on <header> itself is one axe refuses.
    <Navbar expand="md" bg="dark" data-bs-theme="dark" collapseOnSelect as="div" role="none">
      <Container fluid>
        <Navbar.Brand as={Link} to={paths.dashboard} className="d-flex align-items-center gap-2">
          <img src="/icon.svg" alt="" width={28} height={28} />
          {BRAND}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" label={t('nav.toggle')} />
        <Navbar.Collapse id="main-navigation">
          <Nav as="nav" className="me-auto" aria-label={t('nav.main')}>
            {links.map((link) => (
              <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to}>
                <link.Icon />
                {t(link.label)}
              </Nav.Link>
            ))}
          </Nav>
          <Nav>
            <NavDropdown
              title={<span className="user-menu-label">{userLabel}</span>}
              id="user-menu"
              align="end"
            >
              <NavDropdown.Item as={Link} to={paths.settings} eventKey={paths.settings}>
                {t('nav.settings')}
              </NavDropdown.Item>
              <NavDropdown.Divider />
              <NavDropdown.Item as="button" onClick={onLogout} disabled={loggingOut}>
                {t('nav.logout')}
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  )
}
