/** Rison literals for the `q` of Superset-style calls. */

/** A rison string literal: always quoted, `!` and `'` escaped with `!`. */
export function risonString(value: string): string {
  return `'${value.replace(/!/g, '!!').replace(/'/g, "!'")}'`;
}

/** Characters that end an unquoted rison id. */
const risonIdStop = new Set([' ', "'", '!', ':', '(', ')', ',', '*', '@', '$']);

/** Reads rison text (`(a:!(1,'x y'),b:!t)`) into a value; throws on malformed text. */
export function parseRison(text: string): unknown {
  let position = 0;

  const fail = (): never => {
    throw new Error(`Invalid rison at ${position}: ${text}`);
  };

  function readString(): string {
    position += 1; // the opening quote
    let value = '';
    while (position < text.length) {
      const character = text.charAt(position);
      position += 1;
      if (character === "'") return value;
      if (character === '!') {
        const escaped = text.charAt(position);
        if (escaped !== '!' && escaped !== "'") fail();
        value += escaped;
        position += 1;
      } else {
        value += character;
      }
    }
    return fail();
  }

  function readId(): string {
    const start = position;
    while (position < text.length && !risonIdStop.has(text[position] ?? '')) position += 1;
    if (position === start) fail();
    return text.slice(start, position);
  }

  function readItems<T>(close: string, readItem: () => T): T[] {
    const items: T[] = [];
    if (text[position] === close) {
      position += 1;
      return items;
    }
    for (;;) {
      items.push(readItem());
      const separator = text[position];
      position += 1;
      if (separator === close) return items;
      if (separator !== ',') fail();
    }
  }

  function readValue(): unknown {
    const character = text[position];
    if (character === "'") return readString();
    if (character === '(') {
      position += 1;
      const entries = readItems(')', () => {
        const key = text[position] === "'" ? readString() : readId();
        if (text[position] !== ':') fail();
        position += 1;
        return [key, readValue()] as const;
      });
      return Object.fromEntries(entries);
    }
    if (character === '!') {
      const marker = text[position + 1];
      position += 2;
      if (marker === '(') return readItems(')', readValue);
      if (marker === 't') return true;
      if (marker === 'f') return false;
      if (marker === 'n') return null;
      return fail();
    }
    const id = readId();
    if (/^-?\d/.test(id)) {
      const number = Number(id);
      return Number.isFinite(number) ? number : fail();
    }
    return id;
  }

  const value = readValue();
  if (position !== text.length) fail();
  return value;
}
