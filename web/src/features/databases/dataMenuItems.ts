import type { UploadType } from './uploadTypes';

/** The header's "+" > Data entries, by Superset's names (`GlobalMenuDataOptions`). */
export type DataMenuOption = 'gsheets' | 'dbconnection' | 'datasetCreation' | 'csvUpload' | 'excelUpload' | 'columnarUpload';

export interface DataMenuItem {
  name: DataMenuOption;
  label: string;
  /** Shown but not usable (an admin's upload entries while no database allows uploads). */
  disabled?: boolean;
  /** Why a disabled entry cannot be used. */
  tooltip?: string;
}

/** The tooltip of an admin's disabled upload entries (Superset's text). */
export const enableUploadsTooltip = "Enable 'Allow file uploads to database' in any database's settings";

/** What decides the entries (spec 001 section 6). */
export interface DataMenuPermissions {
  /** `can_write` on Database. */
  canWriteDatabase: boolean;
  /** `can_write` on Dataset. */
  canWriteDataset: boolean;
  /** `can_upload` on Database. */
  canUpload: boolean;
  /** A Google Sheets engine is installed (never, in Quiver). */
  hasGsheets: boolean;
  /** A database other than the examples is connected. */
  hasOwnDatabase: boolean;
  /** Some database allows file uploads. */
  hasUploadDatabase: boolean;
  /** A role of the user is named admin (case-insensitive). */
  isAdmin: boolean;
}

/** The upload type of an upload entry. */
export const uploadTypeOfOption: Partial<Record<DataMenuOption, UploadType>> = {
  csvUpload: 'csv',
  excelUpload: 'excel',
  columnarUpload: 'columnar',
};

/**
 * The entries offered, in Superset's order: "Connect database" until a database of one's own
 * is connected, then "Create dataset"; "Connect Google Sheet" with that engine; the three
 * uploads with `can_upload` when some database allows uploads, and for an admin also when none
 * does, then disabled with a tooltip saying how to allow them (Superset's `RightMenu`).
 */
export function dataMenuItems(permissions: DataMenuPermissions): DataMenuItem[] {
  const showUploads = permissions.canUpload && (permissions.hasUploadDatabase || permissions.isAdmin);
  const uploadsDisabled = permissions.isAdmin && !permissions.hasUploadDatabase;
  const upload = (name: DataMenuOption, label: string): DataMenuItem =>
    uploadsDisabled ? { name, label, disabled: true, tooltip: enableUploadsTooltip } : { name, label };
  const candidates: [boolean, DataMenuItem][] = [
    [permissions.canWriteDatabase && !permissions.hasOwnDatabase, { name: 'dbconnection', label: 'Connect database' }],
    [permissions.canWriteDataset && permissions.hasOwnDatabase, { name: 'datasetCreation', label: 'Create dataset' }],
    [permissions.canWriteDatabase && permissions.hasGsheets, { name: 'gsheets', label: 'Connect Google Sheet' }],
    [showUploads, upload('csvUpload', 'Upload CSV to database')],
    [showUploads, upload('excelUpload', 'Upload Excel to database')],
    [showUploads, upload('columnarUpload', 'Upload Columnar file to database')],
  ];
  return candidates.filter(([isOffered]) => isOffered).map(([, item]) => item);
}
