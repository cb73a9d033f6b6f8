/** The three kinds of file upload (Superset's `UploadDataModal` types) and what each accepts. */
export type UploadType = 'csv' | 'excel' | 'columnar';

export const uploadTypes: readonly UploadType[] = ['csv', 'excel', 'columnar'];

/** The dialog's title per type. */
export const uploadTitles: Record<UploadType, string> = {
  csv: 'CSV Upload',
  excel: 'Excel Upload',
  columnar: 'Columnar Upload',
};

/** The type picker's labels. */
export const uploadTypeLabels: Record<UploadType, string> = {
  csv: 'CSV',
  excel: 'Excel',
  columnar: 'Columnar',
};

/** The file extensions each type takes. */
export const uploadExtensions: Record<UploadType, readonly string[]> = {
  csv: ['csv', 'tsv'],
  excel: ['xls', 'xlsx'],
  columnar: ['parquet', 'zip'],
};

/** The file input's `accept` per type. */
export function uploadAccept(type: UploadType): string {
  return uploadExtensions[type].map((extension) => `.${extension}`).join(', ');
}

/** Whether a file name ends in one of the type's extensions (case-insensitive). */
export function hasUploadExtension(type: UploadType, fileName: string): boolean {
  const match = /\.([^.]+)$/.exec(fileName);
  if (match === null) return false;
  return uploadExtensions[type].includes((match[1] ?? '').toLowerCase());
}

/** The message under the file input when its extension is not one of the type's. */
export function invalidExtensionMessage(type: UploadType): string {
  return `Upload a file with a valid extension. Valid: [${uploadExtensions[type].join(',')}]`;
}
