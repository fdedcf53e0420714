import { useEffect } from 'react';

/**
 * Puts a JSON-LD description of the page (schema.org) in the document head while the page is
 * shown, for search engines that read it; it leaves with the page.
 */
export function useJsonLd(data: Record<string, unknown> | undefined): void {
  const json = data && JSON.stringify(data);
  useEffect(() => {
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = json;
    document.head.append(script);
    return () => script.remove();
  }, [json]);
}
