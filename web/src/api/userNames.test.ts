import { describe, expect, it } from 'vitest';
import { displayNameOf } from './userNames';

describe('displayNameOf', () => {
  it('prefers full_name, else joins the first and last name', () => {
    expect(displayNameOf({ first_name: 'Ada', last_name: 'Lovelace', full_name: 'Countess Ada' })).toBe('Countess Ada');
    expect(displayNameOf({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayNameOf({ first_name: 'Ada', last_name: 'Lovelace', full_name: '  ' })).toBe('Ada Lovelace');
    expect(displayNameOf({ first_name: 'Ada', last_name: '', full_name: null })).toBe('Ada');
  });
});
