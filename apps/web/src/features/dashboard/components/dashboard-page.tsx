// Placeholder until the dashboard issue lands.
export function DashboardPage() {
  return <h1>Dashboard</h1>
}
