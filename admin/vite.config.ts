// The admin console's build: React with Mantine, served by Atrium under /admin. Assets get content-hashed names and
// are written precompressed (brotli and gzip) beside the originals, so Atrium serves them without compressing per
// request. `npm run dev -w admin` proxies /graphql to a running Atrium (ATRIUM_URL, default http://localhost:8080).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const atrium = process.env.ATRIUM_URL ?? 'http://localhost:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    compression({
      include: /\.(js|css|svg|json)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  // The weight that matters is the first screen's, compressed: test/browser/admin-session.test.ts holds it under 300 kB.
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, chunkSizeWarningLimit: 700 },
  server: { proxy: { '/graphql': { target: atrium } } },
});
