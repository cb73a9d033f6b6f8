import { describe, expect, it } from 'vitest';
import { attachmentFileName, exportPath } from './importExportApi';

describe('export calls', () => {
  it('asks for the ids as a rison list', () => {
    expect(exportPath('dashboard', [3, 12])).toBe('/api/v1/dashboard/export/?q=!(3,12)');
  });

  it('takes the file name from the attachment header', () => {
    expect(attachmentFileName('attachment; filename=dashboard_export_20261122T122831.zip', 'x.zip')).toBe(
      'dashboard_export_20261122T122831.zip',
    );
    expect(attachmentFileName(null, 'x.zip')).toBe('x.zip');
  });
});
