/**
 * oidc-provider's storage. The local IdP serves one process on a loopback address and its artifacts live
 * for minutes, so memory with expiry is enough (its own dev adapter warns on every start).
 */
export class MemoryAdapter {
  static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>()
  static readonly byGrant = new Map<string, Set<string>>()
  readonly model: string
  constructor(model: string) {
    this.model = model
  }
  private key(id: string) {
    return `${this.model}:${id}`
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    const now = Date.now()
    for (const [key, entry] of MemoryAdapter.store) if (entry.expiresAt < now) MemoryAdapter.store.delete(key)
    const key = this.key(id)
    MemoryAdapter.store.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 })
    if (typeof payload.grantId === 'string') {
      const keys = MemoryAdapter.byGrant.get(payload.grantId) ?? new Set()
      MemoryAdapter.byGrant.set(payload.grantId, keys.add(key))
    }
  }
  async find(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (!entry) return undefined
    if (entry.expiresAt < Date.now()) {
      MemoryAdapter.store.delete(this.key(id))
      return undefined
    }
    return entry.payload
  }
  async findByUid(uid: string) {
    for (const [key, entry] of MemoryAdapter.store) {
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid)
        return this.find(key.slice(this.model.length + 1))
    }
    return undefined
  }
  async findByUserCode() {
    return undefined
  }
  async consume(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const key of MemoryAdapter.byGrant.get(grantId) ?? []) MemoryAdapter.store.delete(key)
    MemoryAdapter.byGrant.delete(grantId)
  }
}
