/**
 * Stands in for `./pkg/quiver_core.js` when core-wasm has not been built (see vite.config.ts):
 * loading it fails with a message that says what to do.
 */
const missingPackageMessage =
  'The Quiver core (web/src/wasm/pkg/quiver_core.js) is not built. Build core-wasm with wasm-bindgen --target web.';

export default function init(): Promise<never> {
  return Promise.reject(new Error(missingPackageMessage));
}

export function buildQueryContext(): never {
  throw new Error(missingPackageMessage);
}

export function validateFormData(): never {
  throw new Error(missingPackageMessage);
}

export function metricLabel(): never {
  throw new Error(missingPackageMessage);
}

export function applyPostProcessing(): never {
  throw new Error(missingPackageMessage);
}

export function controlPanel(): never {
  throw new Error(missingPackageMessage);
}

export function vizTypes(): never {
  throw new Error(missingPackageMessage);
}

export function pruneFormData(): never {
  throw new Error(missingPackageMessage);
}

export function carryOverFormData(): never {
  throw new Error(missingPackageMessage);
}
