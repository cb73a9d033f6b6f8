import { loadQuiverCore, type QuiverCore } from './core';

/** The part of Node's `fs` the loader reads the module with (the app's types leave Node out). */
interface NodeFileSystem {
  readFileSync: (path: string) => Uint8Array;
}

/** Node's `process`, for the folder Vitest runs in (`web/`, the Vite root). */
interface NodeProcess {
  cwd: () => string;
}

/**
 * The real Wasm core in Vitest (Node): the built module (`pkg/quiver_core_bg.wasm`, made by
 * `scripts/build-wasm.sh`) read from disk and instantiated synchronously, after which
 * `loadQuiverCore` and the `LruCache` class use it as the browser does. For tests only.
 */
export async function loadQuiverCoreInNode(): Promise<QuiverCore> {
  const fileSystemModule = 'node:fs';
  const fileSystem = (await import(/* @vite-ignore */ fileSystemModule)) as NodeFileSystem;
  const corePackage = await import('./pkg/quiver_core.js');
  const { process } = globalThis as unknown as { process: NodeProcess };
  corePackage.initSync({ module: fileSystem.readFileSync(`${process.cwd()}/src/wasm/pkg/quiver_core_bg.wasm`) });
  return loadQuiverCore();
}
