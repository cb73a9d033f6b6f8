import { describe, expect, it } from 'vitest';
import { dataMenuItems, enableUploadsTooltip, type DataMenuPermissions } from './dataMenuItems';

const everything: DataMenuPermissions = {
  canWriteDatabase: true,
  canWriteDataset: true,
  canUpload: true,
  hasGsheets: false,
  hasOwnDatabase: true,
  hasUploadDatabase: true,
  isAdmin: false,
};

function names(permissions: DataMenuPermissions): string[] {
  return dataMenuItems(permissions).map((item) => item.name);
}

describe('dataMenuItems', () => {
  it('offers dataset creation and the three uploads once a database of ones own allows uploads', () => {
    expect(dataMenuItems(everything)).toEqual([
      { name: 'datasetCreation', label: 'Create dataset' },
      { name: 'csvUpload', label: 'Upload CSV to database' },
      { name: 'excelUpload', label: 'Upload Excel to database' },
      { name: 'columnarUpload', label: 'Upload Columnar file to database' },
    ]);
  });

  it('offers "Connect database" while only the examples are connected, and Google Sheets with its engine', () => {
    expect(names({ ...everything, hasOwnDatabase: false, hasGsheets: true })).toEqual([
      'dbconnection',
      'gsheets',
      'csvUpload',
      'excelUpload',
      'columnarUpload',
    ]);
  });

  it('needs can_upload and a database that allows uploads for the uploads', () => {
    expect(names({ ...everything, canUpload: false })).toEqual(['datasetCreation']);
    expect(names({ ...everything, hasUploadDatabase: false })).toEqual(['datasetCreation']);
    expect(names({ ...everything, canWriteDataset: false, canUpload: false })).toEqual([]);
  });

  it("shows an admin the uploads disabled, with Superset's tooltip, while no database allows them", () => {
    const admin = { ...everything, isAdmin: true, hasUploadDatabase: false };
    expect(dataMenuItems(admin).filter((item) => item.disabled === true)).toEqual([
      { name: 'csvUpload', label: 'Upload CSV to database', disabled: true, tooltip: enableUploadsTooltip },
      { name: 'excelUpload', label: 'Upload Excel to database', disabled: true, tooltip: enableUploadsTooltip },
      { name: 'columnarUpload', label: 'Upload Columnar file to database', disabled: true, tooltip: enableUploadsTooltip },
    ]);
    expect(enableUploadsTooltip).toBe("Enable 'Allow file uploads to database' in any database's settings");
    // With a database that allows uploads, an admin's entries are enabled; without can_upload, none.
    expect(dataMenuItems({ ...admin, hasUploadDatabase: true }).some((item) => item.disabled === true)).toBe(false);
    expect(names({ ...admin, canUpload: false })).toEqual(['datasetCreation']);
  });
});
