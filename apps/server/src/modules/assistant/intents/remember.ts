import { formatDay, memoryRequest } from '../../language/index.ts'
import { remember as save } from '../answers/memories.ts'
import { isToolError } from '../tools/index.ts'
import { intent } from './types.ts'

/** "Remember that Ana's birthday is on May 12 #family": saved, with its day and tags. */
export const remember = intent({
  name: 'remember',
  help: 'save',
  examples: ["Remember that Ana's birthday is on May 12 #family", 'Remind me to call the plumber'],
  match: (text, { timeZone, now }) => memoryRequest(text, timeZone, now),
  answer: (request, deps) => save(deps, request),
  async fact(request, { tools }) {
    if (!request.text) return null
    const result = await tools.createMemory({ text: request.text, tags: request.tags, date: request.day })
    if (isToolError(result)) return `Saving the memory the user asked for failed: ${result.error} Tell them.`
    const { saved } = result
    return `You have just saved this memory for the user, ${saved.date ? `dated ${formatDay(saved.date)}` : 'with no date'}${saved.tags.length ? `, tagged ${saved.tags.join(', ')}` : ''}: "${saved.text}". Confirm it in one or two sentences.`
  },
})
