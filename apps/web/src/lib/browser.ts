// Leaving the single-page app (e.g. for the code host's install page); a seam that tests replace.

export function redirectTo(url: string): void {
  window.location.assign(url);
}

/** Leaves the app with a form POST (GitHub's App creation page takes its manifest that way). */
export function submitForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export function reloadPage(): void {
  window.location.reload();
}

/** Saves a downloaded file under `filename` through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function copyToClipboard(text: string): Promise<void> {
  return navigator.clipboard.writeText(text);
}

/** The browser's own confirmation dialog (spec: deleting an environment asks through it). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}
