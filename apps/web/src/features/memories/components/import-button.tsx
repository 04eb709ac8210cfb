import { useRef, useState, type ChangeEvent } from 'react'
import Button from 'react-bootstrap/Button'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useImportMemories } from '../api/import-memories'
import { droppedFiles, IMPORT_ACCEPT, isRemiExport, NoteImportModal } from './note-imports'

/** Import: a file chosen or dropped; Remi's own export at once, other apps' notes through a preview. */
export function ImportButton() {
  const importer = useImportMemories()
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  // Notes from other apps go through a preview first (note-imports.tsx); Remi's own export at once.
  const [notes, setNotes] = useState<File[] | null>(null)
  const take = async (files: File[]) => {
    if (!files.length) return
    if (await isRemiExport(files)) importFile(files[0]!)
    else setNotes(files)
  }
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    void take(files)
  }
  const importFile = (file: File) => {
    importer.mutate(file, {
      onSuccess: (result) =>
        toast.success(`Imported ${result.imported} ${result.imported === 1 ? 'memory' : 'memories'}.`),
      onError: (error) => toast.error(errorMessage(error)),
    })
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        multiple
        className="d-none"
        aria-label="Import file"
        onChange={choose}
      />
      <Button
        variant="outline-secondary"
        onClick={() => input.current?.click()}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => void take(droppedFiles(event))}
        disabled={importer.isPending}
        title="Choose or drop a Remi export, a Google Keep Takeout, Evernote .enex, Bear backup or Markdown notes"
      >
        {importer.isPending ? 'Importing...' : 'Import'}
      </Button>
      <NoteImportModal files={notes} onHide={() => setNotes(null)} />
    </>
  )
}
