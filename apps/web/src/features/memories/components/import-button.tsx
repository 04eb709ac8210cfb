import { useRef, useState, type ChangeEvent } from 'react'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast'
import { BRAND } from '../../../config/brand'
import { errorMessage } from '../../../lib/api-client'
import { useImportMemories } from '../api/import-memories'
import { droppedFiles, IMPORT_ACCEPT, isRemiExport } from '../lib/import-files'
import { NoteImportModal } from './note-imports'

/** Import: a file chosen or dropped; Remi's own export at once, other apps' notes through a preview. */
export function ImportButton() {
  const { t } = useTranslation()
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
      onSuccess: (result) => toast.success(t('memories.import.imported', { count: result.imported })),
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
        aria-label={t('memories.import.fileLabel')}
        onChange={choose}
      />
      <Button
        variant="outline-secondary"
        onClick={() => input.current?.click()}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => void take(droppedFiles(event))}
        disabled={importer.isPending}
        title={t('memories.import.hint', { brand: BRAND })}
      >
        {importer.isPending ? t('memories.import.importing') : t('memories.import.button')}
      </Button>
      <NoteImportModal files={notes} onHide={() => setNotes(null)} />
    </>
  )
}
