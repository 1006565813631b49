/**
 * Hands text to the browser as a file download: a Blob behind a temporary link with the
 * `download` name, clicked once and let go, so the download needs no second request.
 */
export function saveTextFile(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
