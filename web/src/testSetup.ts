import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

/**
 * The Wasm core does not load under Node's test DOM, and every list page asks it to check its
 * filters (core-wasm `list_filter_config`, proven in `core-wasm/tests/wasm_smoke.rs`). This
 * stand-in applies the same rule: the first filter id that is no column id is refused.
 */
vi.mock('@/wasm/listFilterConfig', () => ({
  listFilterConfigError: (filterIds: readonly string[], columnIds: readonly string[]): Promise<string | null> => {
    const stray = filterIds.find((id) => !columnIds.includes(id));
    return Promise.resolve(stray === undefined ? null : `Invalid filter config, ${stray} is not present in columns`);
  },
}));
