import { assistantTools } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { mcpTools, modelTools, offered, toolRegistry } from './registry.ts'

describe('the tools registry', () => {
  it('defines each tool once, offered to the model, over MCP or both', () => {
    const names = toolRegistry.map((d) => d.name)
    expect(new Set(names).size).toBe(names.length)
    for (const d of toolRegistry) expect(d.model ?? d.mcp, d.name).toBeDefined()
  })

  it("offers the model the tools a chat's activity may name, and MCP the reminders' only with the service", () => {
    expect(modelTools.map((d) => d.name)).toEqual([...assistantTools])
    const withReminders = mcpTools({ reminders: {} }).map((d) => d.name)
    const without = mcpTools({}).map((d) => d.name)
    expect(withReminders.filter((name) => !without.includes(name))).toEqual([
      'create_reminder',
      'list_reminders',
      'cancel_reminder',
    ])
  })

  it("offers the web's tools to the model only with a search provider, and never over MCP", () => {
    const web = ['web_search', 'read_web_page']
    const withWeb = modelTools.filter((t) => offered(t, { web: {} })).map((d) => d.name)
    const without = modelTools.filter((t) => offered(t, {})).map((d) => d.name)
    expect(withWeb.filter((name) => !without.includes(name))).toEqual(web)
    expect(without).toContain('create_reminder')
    const overMcp = mcpTools({ reminders: {} }).map((d) => d.name)
    for (const name of web) expect(overMcp).not.toContain(name)
    for (const t of toolRegistry.filter((d) => web.includes(d.name))) expect(t.readOnly).toBe(true)
  })
})
