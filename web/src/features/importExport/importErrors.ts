import type { ErrorItem } from '@/api/generated/ErrorItem';

/** The server's texts the import dialog recognises (spec 001 §8, Import). */
export const importMessages = {
  databasePassword: 'Must provide a password for the database',
  sshPassword: 'Must provide a password for the ssh tunnel',
  sshPrivateKey: 'Must provide a private key for the ssh tunnel',
  sshPrivateKeyPassword: 'Must provide a private key password for the ssh tunnel',
  alreadyExists: 'already exists and `overwrite=true` was not passed',
} as const;

/** What a refused import needs from the user, by bundle file path. */
export interface ImportNeeds {
  passwords: string[];
  sshTunnelPasswords: string[];
  sshTunnelPrivateKeys: string[];
  sshTunnelPrivateKeyPasswords: string[];
  alreadyExists: string[];
  /** Some refusal is none of the above: the import cannot go on by asking. */
  hasOtherError: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The texts of one file's refusal: a text, a list of texts, or `{field: [texts]}`. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isRecord(value)) return Object.values(value).flatMap(textsOf);
  return [];
}

/** Reads the refusals of an import answer (`errors[].extra.messages`, by file path). */
export function importNeeds(errors: readonly ErrorItem[]): ImportNeeds {
  const needs: ImportNeeds = {
    passwords: [],
    sshTunnelPasswords: [],
    sshTunnelPrivateKeys: [],
    sshTunnelPrivateKeyPasswords: [],
    alreadyExists: [],
    hasOtherError: errors.length === 0,
  };
  for (const error of errors) {
    const messages = error.extra.messages;
    if (!isRecord(messages)) {
      needs.hasOtherError = true;
      continue;
    }
    for (const [path, refusal] of Object.entries(messages)) {
      for (const text of textsOf(refusal)) {
        if (text === importMessages.databasePassword) needs.passwords.push(path);
        else if (text === importMessages.sshPassword) needs.sshTunnelPasswords.push(path);
        else if (text === importMessages.sshPrivateKey) needs.sshTunnelPrivateKeys.push(path);
        else if (text === importMessages.sshPrivateKeyPassword) needs.sshTunnelPrivateKeyPasswords.push(path);
        else if (text.includes(importMessages.alreadyExists)) needs.alreadyExists.push(path);
        else needs.hasOtherError = true;
      }
    }
  }
  return needs;
}

/** The first refusal text that is not a question for the user, for the error line. */
export function firstOtherMessage(errors: readonly ErrorItem[]): string | null {
  for (const error of errors) {
    const messages = error.extra.messages;
    if (!isRecord(messages)) return error.message;
    for (const [path, refusal] of Object.entries(messages)) {
      const text = textsOf(refusal).find((candidate) => !Object.values(importMessages).some((known) => candidate.includes(known)));
      if (text !== undefined) return `${path}: ${text}`;
    }
  }
  return null;
}
