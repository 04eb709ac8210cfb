import { BRAND } from '../../config/brand'

/** The top bar of a page one sees signed out (sign-in): Remi's bar and name, no navigation yet. */
export function PublicHeader() {
  return (
    <header className="navbar bg-dark" data-bs-theme="dark">
      <div className="container-fluid">
        <span className="navbar-brand d-flex align-items-center gap-2 mb-0">
          <img src="/icon.svg" alt="" width={28} height={28} />
          {BRAND}
        </span>
      </div>
    </header>
  )
}
