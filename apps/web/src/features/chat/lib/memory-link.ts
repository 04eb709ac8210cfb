import { paths } from '../../../config/paths'

/** Where a memory the assistant used or saved opens: the memories page opens `?memory=<id>` for editing. */
export function memoryHref(id: string): string {
  return `${paths.memories}?${new URLSearchParams({ memory: id }).toString()}`
}
