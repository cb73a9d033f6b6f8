import { writeZip } from './zipFiles';

/** A cell: text (an inline string) or a number. */
export type XlsxCell = string | number;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The column letters of a 0-based column index below 26 (A to Z). */
function columnLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

function cellXml(cell: XlsxCell, row: number, column: number): string {
  const reference = `${columnLetter(column)}${row}`;
  if (typeof cell === 'number') return `<c r="${reference}"><v>${cell}</v></c>`;
  return `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
}

const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const spreadsheet = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * The smallest .xlsx workbook Excel and calamine read: one sheet of that name, its rows of
 * inline strings and numbers.
 */
export function writeXlsx(sheetName: string, rows: readonly (readonly XlsxCell[])[]): Buffer {
  const sheetRows = rows
    .map((cells, index) => `<row r="${index + 1}">${cells.map((cell, column) => cellXml(cell, index + 1, column)).join('')}</row>`)
    .join('');
  const files = new Map<string, Buffer>([
    [
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    ],
    [
      '_rels/.rels',
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${packageRelationships}">` +
          `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${spreadsheet}" xmlns:r="${relationships}">` +
          `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${packageRelationships}">` +
          `<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/worksheets/sheet1.xml',
      Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${spreadsheet}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    ],
  ]);
  return writeZip(files);
}
