import { apiFetch, postForm } from '@/api/client';
import type { MessageResponse } from '@/api/generated/MessageResponse';

/** The resources with bundle export and import (`/api/v1/{resource}/export/` and `/import/`). */
export type BundleResource = 'dashboard' | 'chart' | 'dataset' | 'database' | 'saved_query';

/** The secrets and choices sent with an import, each map keyed by bundle file path. */
export interface ImportChoices {
  overwrite: boolean;
  passwords: Record<string, string>;
  sshTunnelPasswords: Record<string, string>;
  sshTunnelPrivateKeys: Record<string, string>;
  sshTunnelPrivateKeyPasswords: Record<string, string>;
}

export const noImportChoices: ImportChoices = {
  overwrite: false,
  passwords: {},
  sshTunnelPasswords: {},
  sshTunnelPrivateKeys: {},
  sshTunnelPrivateKeyPasswords: {},
};

/** `GET /api/v1/{resource}/export/?q=!(1,2)`. */
export function exportPath(resource: BundleResource, ids: readonly number[]): string {
  return `/api/v1/${resource}/export/?q=!(${ids.join(',')})`;
}

/** The file name of a `Content-Disposition: attachment; filename=...` header. */
export function attachmentFileName(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Downloads a ZIP bundle of the objects (and what they depend on). */
export async function exportResources(resource: BundleResource, ids: readonly number[]): Promise<void> {
  const response = await apiFetch(exportPath(resource, ids), { headers: { Accept: 'application/zip' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFileName(response.headers.get('Content-Disposition'), `${resource}_export.zip`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `POST /api/v1/{resource}/import/`: Superset's multipart form. */
export async function importResource(resource: BundleResource, file: File, choices: ImportChoices): Promise<string> {
  const form = new FormData();
  form.append('formData', file, file.name);
  form.append('overwrite', choices.overwrite ? 'true' : 'false');
  form.append('passwords', JSON.stringify(choices.passwords));
  form.append('ssh_tunnel_passwords', JSON.stringify(choices.sshTunnelPasswords));
  form.append('ssh_tunnel_private_keys', JSON.stringify(choices.sshTunnelPrivateKeys));
  form.append('ssh_tunnel_private_key_passwords', JSON.stringify(choices.sshTunnelPrivateKeyPasswords));
  const response = await postForm(`/api/v1/${resource}/import/`, form);
  const answer = (await response.json()) as MessageResponse;
  return answer.message;
}
