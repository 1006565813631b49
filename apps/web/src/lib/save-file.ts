/**
 * Hands a file to the browser as a download: a Blob behind a temporary link with the `download`
 * name, clicked once and let go, so the download needs no second request (and the request
 * before it could carry the session's token, which a plain link cannot).
 */
export function saveFile(contents: Blob | string, fileName: string, type = 'text/csv') {
  const blob = typeof contents === 'string' ? new Blob([contents], { type }) : contents;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not now: some browsers read the Blob after click() returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
