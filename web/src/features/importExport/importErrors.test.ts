import { describe, expect, it } from 'vitest';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { firstOtherMessage, importNeeds } from './importErrors';

function refusal(messages: Record<string, unknown>): ErrorItem {
  return {
    message: 'Error importing dashboard',
    error_type: 'GENERIC_COMMAND_ERROR',
    level: 'warning',
    extra: { messages: messages as ErrorItem['extra']['messages'] },
  };
}

describe('importNeeds', () => {
  it('finds passwords, tunnel secrets and existing objects by file', () => {
    const needs = importNeeds([
      refusal({
        'databases/a.yaml': { _schema: ['Must provide a password for the database'] },
        'databases/b.yaml': { _schema: ['Must provide a private key for the ssh tunnel'] },
        'dashboards/d.yaml': 'Dashboard already exists and `overwrite=true` was not passed',
      }),
    ]);
    expect(needs.passwords).toEqual(['databases/a.yaml']);
    expect(needs.sshTunnelPrivateKeys).toEqual(['databases/b.yaml']);
    expect(needs.alreadyExists).toEqual(['dashboards/d.yaml']);
    expect(needs.hasOtherError).toBe(false);
  });

  it('flags any other refusal and names it', () => {
    const errors = [refusal({ 'charts/c.yaml': ['The document is nested more than 64 levels deep'] })];
    expect(importNeeds(errors).hasOtherError).toBe(true);
    expect(firstOtherMessage(errors)).toBe('charts/c.yaml: The document is nested more than 64 levels deep');
    expect(importNeeds([]).hasOtherError).toBe(true);
  });
});
