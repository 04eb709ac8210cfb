import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

export default defineConfig({
  root: import.meta.dirname,
  // Each built file beside its Brotli and gzip copies: the server sends the one the browser accepts
  // (@fastify/static's preCompressed), so a self-hosted Remi without a compressing proxy in front sends
  // the app's JavaScript and CSS at about a quarter of their size.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
