import { describe, expect, it } from 'vitest';
import { resultFetchSignal, sqlLabDefaultDatabaseId } from './sqlLabDefaults';

describe('SQL Lab defaults from config (spec 002 section 9)', () => {
  const databases = [{ id: 5 }, { id: 2 }, { id: 9 }];

  it('opens on the configured database, else the lowest database id', () => {
    expect(sqlLabDefaultDatabaseId(databases, 9)).toBe(9);
    expect(sqlLabDefaultDatabaseId(databases, null)).toBe(2);
    // A configured database the user cannot use in SQL Lab falls back to the lowest id.
    expect(sqlLabDefaultDatabaseId(databases, 4)).toBe(2);
    expect(sqlLabDefaultDatabaseId([], 4)).toBeNull();
  });

  it('ends a result fetch after the configured seconds, and never for 0', async () => {
    expect(resultFetchSignal(0)).toBeUndefined();
    const signal = resultFetchSignal(0.05);
    expect(signal?.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });
});
