import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

/** The site's toaster mounts itself when told to (components/ui/toaster.tsx). */
const listeners = new Set<() => void>();
let wanted = false;

export function onToasterWanted(listener: () => void): () => void {
  if (wanted) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the toaster (sonner, ~11 kB) if it is not on the page yet. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/**
 * A toast from code every page carries (the auth provider): sonner is loaded only when
 * there is something to say, so that a public page does not download it for nothing.
 */
export function showToast(show: (toast: Toast) => void): void {
  wantToaster();
  void import('sonner').then(({ toast }) => show(toast));
}
