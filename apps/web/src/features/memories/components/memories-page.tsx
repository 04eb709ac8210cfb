// Placeholder until the memories feature (issue 4) replaces it.
export function MemoriesPage() {
  return <h1>Memories</h1>
}
