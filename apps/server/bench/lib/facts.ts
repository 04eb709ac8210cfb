/**
 * Waits (untimed) until the conversation's last answer has its facts picked out, asking
 * GET /api/proposals?conversationId= as the web does: the next timed send must not share the server with
 * the previous answer's facts call (issue 32). `get` is the bench's way to the server (HTTP or inject).
 */
export async function factsSettled(
  get: (path: string) => Promise<{ status: number; body: string }>,
  conversationId: string,
): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { status, body } = await get(`/api/proposals?conversationId=${conversationId}`)
    if (status !== 200) throw new Error(`proposals answered ${status}: ${body}`)
    if (!(JSON.parse(body) as { extracting: boolean }).extracting) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the facts of an answer were still being picked out after 2 s')
}
