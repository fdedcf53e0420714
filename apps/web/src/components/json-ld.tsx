/**
 * A JSON-LD description of the page (schema.org), rendered with it so search engines that read the
 * page's HTML find it. A data block, not a script: the Content Security Policy does not apply to it.
 */
export function JsonLd({ data }: { data: Record<string, unknown> | undefined }) {
  if (!data) return null;
  // '<' escaped, so no text in the data can end the element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
