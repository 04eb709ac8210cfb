import { useTranslation } from 'react-i18next'

/** A Markdown task line: '- [ ] Milk', '* [x] Eggs' (what Keep, Bear and Evernote imports write). */
const TASK = /^(\s*)[-*+] \[( |x|X)\] (.*)$/

/**
 * A memory's text as written, with its checklist lines shown as checklists (a box, ticked or not)
 * instead of the raw '- [ ]'. Everything else stays plain text: a memory is a note, not a page.
 */
export function MemoryText({ text }: { text: string }) {
  const { t } = useTranslation()
  const lines = text.split('\n')
  if (!lines.some((line) => TASK.test(line))) return <>{text}</>
  return (
    <>
      {lines.map((line, i) => {
        const task = TASK.exec(line)
        if (!task)
          return (
            <span key={i} className="d-block">
              {line || '\u00a0'}
            </span>
          )
        const done = task[2] !== ' '
        return (
          <span key={i} className="memory-task d-flex align-items-baseline gap-2" data-done={done}>
            <input
              type="checkbox"
              className="form-check-input flex-shrink-0"
              checked={done}
              readOnly
              disabled
              aria-label={t(done ? 'memories.card.taskDone' : 'memories.card.taskTodo', { task: task[3] })}
            />
            <span className={done ? 'text-decoration-line-through text-body-secondary' : undefined}>
              {task[3]}
            </span>
          </span>
        )
      })}
    </>
  )
}
