/**
 * Just enough MIME to read what arrived at the test SMTP server: headers (with RFC 2047 encoded
 * words), nested multiparts, base64 and quoted-printable bodies, attachments with their file names.
 */
export type MimePart = { headers: Record<string, string>; body: Buffer; parts: MimePart[] };
export type ReadMail = { headers: Record<string, string>; subject: string; html?: string; text?: string; attachments: { filename: string; content: Buffer; contentType: string }[] };

export function readMail(raw: string): ReadMail {
  const root = parsePart(raw);
  const leaves = flatten(root);
  const textOf = (type: string) => leaves.find((part) => part.headers['content-type']?.startsWith(type) && !isAttachment(part))?.body.toString('utf8');
  return {
    headers: root.headers,
    subject: decodeWords(root.headers.subject ?? ''),
    html: textOf('text/html'),
    text: textOf('text/plain'),
    attachments: leaves.filter(isAttachment).map((part) => ({
      filename: decodeWords(/filename="?([^";]+)"?/.exec(part.headers['content-disposition'] ?? '')?.[1] ?? ''),
      content: part.body,
      contentType: (part.headers['content-type'] ?? '').split(';')[0],
    })),
  };
}

function parsePart(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const headerText = split === -1 ? raw : raw.slice(0, split);
  const bodyText = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of headerText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (headers['content-type']?.startsWith('multipart/') && boundary) {
    const sections = bodyText.split(`--${boundary}`).slice(1);
    const parts = sections.filter((section) => !section.startsWith('--')).map((section) => parsePart(section.replace(/^\r?\n/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  return { headers, body: decodeBody(bodyText, headers['content-transfer-encoding']), parts: [] };
}

function decodeBody(text: string, encoding = '7bit'): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding)) return quotedPrintable(text.replace(/\r?\n$/, ''));
  return Buffer.from(text.replace(/\r?\n$/, ''), 'utf8');
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index += 1) {
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index], 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function flatten(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(flatten) : [part];
}

function isAttachment(part: MimePart): boolean {
  return /attachment/i.test(part.headers['content-disposition'] ?? '');
}
