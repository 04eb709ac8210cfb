// Placeholder until the data sources feature (issue 5) replaces it.
export function DataSourcesPage() {
  return <h1>Data Sources</h1>
}
