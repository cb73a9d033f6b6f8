import { describe, expect, it } from 'vitest';
import declarations from './pkg/quiver_core.d.ts?raw';

/**
 * The typed edge of quiver-core (issue #4): the `.d.ts` wasm-bindgen generates from the core's
 * `unchecked_param_type`/`unchecked_return_type` attributes. `npm run typecheck` also compiles it
 * without `skipLibCheck` (`tsconfig.wasm.json`), so a type it names but does not import fails
 * there; this test pins the signatures the web app relies on and refuses `any`.
 */

/** The package's own declarations: what precedes wasm-bindgen's loader types, without comments. */
function publicDeclarations(): string {
  const loaderTypes = declarations.indexOf('export type InitInput');
  expect(loaderTypes, 'quiver_core.d.ts is missing: run scripts/build-wasm.sh').toBeGreaterThan(0);
  return declarations
    .slice(0, loaderTypes)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
}

function signatureOf(name: string): string | undefined {
  return publicDeclarations()
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith(`export function ${name}(`));
}

describe('quiver_core.d.ts', () => {
  it('types every parameter and result: no export says any', () => {
    const untyped = publicDeclarations()
      .split('\n')
      .filter((line) => /\bany\b/.test(line))
      .map((line) => line.trim());
    expect(untyped).toEqual([]);
  });

  it('imports every generated type its signatures name', () => {
    const text = publicDeclarations();
    const imported = [...text.matchAll(/import type \{ (\w+) \} from "\.\.\/\.\.\/api\/generated\/(\w+)"/g)].map(
      ([, name, file]) => [name, file],
    );
    for (const [name, file] of imported) expect(name).toBe(file);
    const importedNames = new Set(imported.map(([name]) => name));
    for (const name of ['ChartFormData', 'QueryContext', 'QueryObject', 'FieldError', 'FormData', 'ExtraFormData']) {
      expect(importedNames.has(name), name).toBe(true);
    }
  });

  it('gives the chart functions the API contract types', () => {
    expect(signatureOf('buildQueryContext')).toBe('export function buildQueryContext(formData: ChartFormData): QueryContext;');
    expect(signatureOf('validateFormData')).toBe('export function validateFormData(formData: ChartFormData): FieldError[];');
    expect(signatureOf('defaultFormData')).toBe('export function defaultFormData(datasource: string): FormData;');
    expect(signatureOf('metricLabel')).toBe('export function metricLabel(metric: MetricRef): string;');
    expect(signatureOf('applyPostProcessing')).toBe(
      'export function applyPostProcessing(ipcBytes: Uint8Array, rules: unknown[]): Uint8Array;',
    );
    expect(signatureOf('planReaggregation')).toBe(
      'export function planReaggregation(cached: QueryObject, wanted: QueryObject, cachedRowCount: number): Record<string, unknown> | null;',
    );
    expect(signatureOf('mergeExtraFormData')).toBe('export function mergeExtraFormData(masks: ExtraFormData[]): ExtraFormData;');
    expect(signatureOf('isValidChild')).toBe(
      'export function isValidChild(parentType: string, childType: string, parentDepth: number): boolean;',
    );
  });

  it('declares the classes the web app constructs', () => {
    const text = publicDeclarations();
    expect(text).toContain('export class ResultFrame {');
    expect(text).toContain('constructor(ipcBytes: Uint8Array);');
    expect(text).toContain('postProcess(rules: unknown[]): ResultFrame;');
    expect(text).toContain('export class LruCache {');
    expect(text).toContain('constructor(capacity: number, maxBytes?: number | null);');
    expect(text).toContain('get(key: string): unknown;');
    expect(text).toContain('set(key: string, value: unknown, bytes?: number | null): boolean;');
    expect(text).toContain('export class LayoutHistory {');
    expect(text).toContain('present(): unknown;');
  });
});
