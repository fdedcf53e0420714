/** A received e-mail, read just enough for tests: headers, and the text and HTML parts decoded. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, by its lower-case name. */
  headers: Map<string, string>;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, cut).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(cut).replace(/^\r?\n\r?\n/, '') };
}

function decode(body: string, encoding = '7bit'): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const text = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(text[i]));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Reads a raw RFC 822 message as nodemailer writes it (one part, or multipart/alternative). */
export function parseMail(raw: string): MailMessage {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = splitHeaders(section.replace(/^\r?\n/, ''));
    const type = /^text\/(plain|html)/i.exec(part.headers.get('content-type') ?? 'text/plain')?.[1]?.toLowerCase();
    if (type) parts[type] = decode(part.body, part.headers.get('content-transfer-encoding')).trim();
  }
  return {
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: parts.plain ?? '',
    html: parts.html ?? '',
    headers,
  };
}

/**
 * The link of a given page in a message's text, e.g. the '/verify/' link.
 * @example const link = linkIn(mail.text, '/reset/'); // 'http://portal.test/reset/Qm9...'
 */
export function linkIn(text: string, page: '/verify/' | '/reset/'): string {
  const link = new RegExp(`https?://[^\\s]+${page}[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${page} link in the message:\n${text}`);
  return link;
}
