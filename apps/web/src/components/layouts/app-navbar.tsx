import Container from 'react-bootstrap/Container'
import Nav from 'react-bootstrap/Nav'
import Navbar from 'react-bootstrap/Navbar'
import NavDropdown from 'react-bootstrap/NavDropdown'
import { Link, NavLink } from 'react-router'
import { BRAND } from '../../config/brand'
import { paths } from '../../config/paths'

const links = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.memories, label: 'Memories' },
  { to: paths.chat, label: 'Chat' },
  { to: paths.dataSources, label: 'Data Sources' },
]

interface Props {
  userLabel: string
  onLogout: () => void
  loggingOut?: boolean
}

export function AppNavbar({ userLabel, onLogout, loggingOut = false }: Props) {
  return (
    <Navbar expand="md" bg="dark" data-bs-theme="dark" collapseOnSelect sticky="top" as="header">
      <Container fluid>
        <Navbar.Brand as={Link} to={paths.dashboard} className="d-flex align-items-center gap-2">
          <img src="/icon.svg" alt="" width={28} height={28} />
          {BRAND}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" />
        <Navbar.Collapse id="main-navigation">
          <Nav as="nav" className="me-auto" aria-label="Main">
            {links.map((link) => (
              <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to}>
                {link.label}
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
                Settings
              </NavDropdown.Item>
              <NavDropdown.Divider />
              <NavDropdown.Item as="button" onClick={onLogout} disabled={loggingOut}>
                Logout
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  )
}
