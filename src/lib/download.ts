/** Saves `blob` as a file named `fileName` through the browser's download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  // In the document, as some browsers click only a link that is there.
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `fileName` through the browser's download. */
export function download(fileName: string, type: string, text: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}
