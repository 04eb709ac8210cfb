import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { BRAND } from '../../../config/brand'
import { EmptyState } from '../../../components/ui/empty-state'
import { MemoriesIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'

/** No memories at all: what they are, the first one's button, and Learn About Memories. */
export function NoMemories({ onCreate, onLearnMore }: { onCreate(): void; onLearnMore(): void }) {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={<MemoriesIcon size={22} />}
      title={t('memories.empty.title')}
      actions={
        <>
          <Button variant="primary" onClick={onCreate}>
            {t('memories.empty.createFirst')}
          </Button>
          <Button variant="outline-secondary" onClick={onLearnMore}>
            {t('memories.empty.learnMore')}
          </Button>
        </>
      }
    >
      {t('memories.empty.text', { brand: BRAND })}
    </EmptyState>
  )
}

/** Learn About Memories: what a memory is and what Remi does with it. */
export function AboutMemories({ show, onHide }: { show: boolean; onHide(): void }) {
  const { t } = useTranslation()
  return (
    <Modal show={show} onHide={onHide} title={t('memories.about.title')}>
      <p>{t('memories.about.intro', { brand: BRAND })}</p>
      <ul>
        <li>{t('memories.about.tags')}</li>
        <li>{t('memories.about.search')}</li>
        <li>{t('memories.about.assistant')}</li>
        <li>{t('memories.about.export')}</li>
      </ul>
    </Modal>
  )
}
