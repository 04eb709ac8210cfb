/**
 * What the recall service asks of semantic search (embeddings + pgvector), when a deployment has it.
 * The embeddings module implements it; the recall service fuses its list with the lexical one (reciprocal
 * rank fusion). `null` means "not available right now" (no model, no extension, the service failing or
 * slow): recall then answers from the lexical list alone, never waits on it past its own time limit.
 */
export interface SemanticRecall {
  /** The user's memory ids nearest in meaning to `text`, best first, at most `limit`. */
  nearest(
    userId: string,
    text: string,
    limit: number,
    options?: { signal?: AbortSignal },
  ): Promise<string[] | null>
}
