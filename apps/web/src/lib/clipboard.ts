import { notify } from './toaster.ts';

/** Copies `text` and confirms with a toast; a refused clipboard says so instead. */
export async function copyToClipboard(text: string, successMessage: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', message: successMessage });
    return true;
  } catch {
    notify({ type: 'error', message: 'Could not copy to the clipboard' });
    return false;
  }
}
