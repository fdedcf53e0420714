/** Saves a blob under `name`, as a browser download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a base64 file from an API answer under `name`, as a browser download. */
export function downloadBase64(base64: string, name: string, type = 'application/zip'): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type }), name);
}

/** Saves a text written in the page (a citation file) under `name`, as a browser download. */
export function downloadText(text: string, name: string, type = 'text/plain'): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), name);
}
