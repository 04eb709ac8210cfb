import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React changes less often than the app: its own chunk stays cached across releases. Other libraries
    // go with the pages that use them (route-level splitting in app/router.tsx), so /login stays small.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    // A page's first render in jsdom can take seconds on a loaded 2-core CI machine.
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // i18next-icu's ES build imports intl-messageformat's default export, which Node, loading that CommonJS
    // package, hands over as the whole module; run through Vite (as in the app's build) it gets the class.
    server: { deps: { inline: ['i18next-icu'] } },
  },
})
