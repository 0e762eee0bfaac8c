// Leaving the single-page app (e.g. for the code host's install page); a seam that tests replace.

export function redirectTo(url: string): void {
  window.location.assign(url);
}

export function reloadPage(): void {
  window.location.reload();
}
