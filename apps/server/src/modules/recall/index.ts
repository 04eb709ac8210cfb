// Recall has no routes of its own (the memories and chat modules ask it): its surface is the service.
export {
  createRecallService,
  type FileExcerpt,
  type FileExcerpts,
  type RecallService,
} from './recall.service.ts'
export type { SemanticRecall } from './semantic.ts'
