/**
 * A small RFC 4180 reader: comma-separated, `"` quoting with `""` escapes, quoted fields may
 * span lines. Yields each record with the line number it starts on; a malformed record
 * (an unterminated quote, text after a closing quote) is yielded with `error` set.
 */
export function* csvRecords(text: string): Generator<{ line: number; fields: string[]; error?: string }> {
  let i = 0;
  let line = 1;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let error: string | undefined;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        let closed = false;
        while (i < n) {
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\n') line++;
          value += c;
          i++;
        }
        if (!closed) error = 'unterminated quoted field';
        // Anything between the closing quote and the next separator is malformed.
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          error ??= 'text after a closing quote';
          i++;
        }
      } else {
        const from = i;
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i++;
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') {
        i++;
        line++;
      }
      break;
    }
    if (fields.length === 1 && fields[0] === '' && !error) continue; // blank line
    yield { line: start, fields, ...(error ? { error } : {}) };
  }
}
