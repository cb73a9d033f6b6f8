import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

const sourceDir = fileURLToPath(new URL('./src', import.meta.url));
const corePackageEntry = fileURLToPath(new URL('./src/wasm/pkg/quiver_core.js', import.meta.url));
const missingCorePackage = fileURLToPath(new URL('./src/wasm/missingCorePackage.ts', import.meta.url));
const quiverServer = 'http://127.0.0.1:8088';

/**
 * `src/wasm/pkg/` is produced by the core-wasm build (wasm-bindgen). Until it exists, the import
 * resolves to a stand-in whose functions reject with a clear message, so the app, the type check
 * and the unit tests work without it.
 */
function quiverCorePackageFallback(): Plugin {
  return {
    name: 'quiver-core-package-fallback',
    enforce: 'pre',
    resolveId(source) {
      const isCorePackageImport = source.endsWith('/pkg/quiver_core.js');
      if (!isCorePackageImport || existsSync(corePackageEntry)) return null;
      return missingCorePackage;
    },
  };
}

const proxiedPaths = ['/api', '/datasource', '/login', '/logout', '/health', '/superset/log'];

/** `/login/` is both the login page (a GET for HTML, served by Vite) and the login call (POST). */
const serveLoginPageFromVite: ProxyOptions['bypass'] = (request) => {
  const isPageRequest = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  return isPageRequest && request.url?.startsWith('/login') ? '/index.html' : undefined;
};

export default defineConfig({
  plugins: [quiverCorePackageFallback(), react(), wasm()],
  // The post-processing worker imports the Wasm core too.
  worker: {
    format: 'es',
    plugins: () => [quiverCorePackageFallback(), wasm()],
  },
  resolve: {
    alias: { '@': sourceDir },
  },
  build: {
    target: 'esnext',
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: quiverServer, bypass: serveLoginPageFromVite }]),
    ),
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testSetup.ts'],
    // The 2-core CI machine loads lazy chunks (the SQL editor, the Wasm core) slowly.
    testTimeout: 20_000,
  },
});
