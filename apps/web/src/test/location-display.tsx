import { useLocation } from 'react-router'

/** Shows the router's current address so tests can assert navigations. */
export function LocationDisplay() {
  const location = useLocation()
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </div>
  )
}
