import type { DragEvent } from 'react'
import { MEMORIES_EXPORT_FORMAT } from '@remi/shared'
import { readText } from '../../../lib/files'

/** The files the Import button takes: Remi's own export and other apps' notes. */
export const IMPORT_ACCEPT = '.json,application/json,.zip,.enex,.bear2bk,.md,.markdown'

/**
 * Whether the chosen files go to Remi's own JSON import (at once, as before): one .json file that is a
 * Remi export, or that is not JSON at all (that import says so). Keep's notes are JSON without the format.
 */
export async function isRemiExport(files: File[]): Promise<boolean> {
  if (files.length !== 1 || !/\.json$/i.test(files[0]!.name)) return false
  let text: string
  try {
    text = await readText(files[0]!)
  } catch {
    return true
  }
  try {
    const data = JSON.parse(text) as unknown
    return (
      typeof data === 'object' &&
      data !== null &&
      (data as { format?: unknown }).format === MEMORIES_EXPORT_FORMAT
    )
  } catch {
    return true
  }
}

/** Files dropped on an element, for its onDrop. */
export function droppedFiles(event: DragEvent): File[] {
  event.preventDefault()
  return Array.from(event.dataTransfer.files)
}
