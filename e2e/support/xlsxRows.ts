import { readZip } from './zipFiles';

/** XML text with its five predefined entities decoded. */
function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of every `<t>` run inside an XML fragment, joined. */
function textRuns(fragment: string): string {
  return [...fragment.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => decodeXml(match[1] ?? '')).join('');
}

/**
 * The cells of an .xlsx workbook's first sheet, row by row, as the text Excel would show unformatted:
 * shared strings, inline strings and formula strings resolved, numbers as written. Empty cells
 * between written ones are empty strings.
 */
export function readXlsxRows(workbook: Buffer): string[][] {
  const files = readZip(workbook);
  const sheet = files.get('xl/worksheets/sheet1.xml');
  if (sheet === undefined) throw new Error(`no first sheet among ${[...files.keys()].join(', ')}`);
  const sharedXml = files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => textRuns(match[1] ?? ''));
  const rows: string[][] = [];
  for (const rowMatch of sheet.toString('utf8').matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cellMatch of (rowMatch[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cellMatch[1] ?? '';
      const body = cellMatch[2] ?? '';
      const reference = /\br="([A-Z]+)\d+"/.exec(attributes)?.[1] ?? '';
      let column = -1;
      for (let index = 0; index < reference.length; index += 1) column = (column + 1) * 26 + reference.charCodeAt(index) - 65;
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1] ?? 'n';
      const value = decodeXml(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? textRuns(body) : value;
      while (cells.length < column) cells.push('');
      cells.push(text);
    }
    rows.push(cells);
  }
  return rows;
}
