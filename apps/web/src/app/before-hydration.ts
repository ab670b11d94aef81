/**
 * What a visitor typed on a prerendered page (apps/web/prerender.mjs) before React took it over.
 * Hydration resets the fields to the form's defaults (react-hook-form writes them when it
 * registers a field), so the text is written back through input events, which the form hears as
 * typing. A form submitted meanwhile is sent again by the form itself (`sendHeldSubmit`).
 */
export function keepWhatWasDone(container: HTMLElement): () => void {
  const typed = [
    ...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  ]
    .filter((field) => isTextField(field) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected || field.value === value) continue;
      // React tracks a field's value through its own setter: the prototype's is the browser's.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
      setter?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

/**
 * The ref of a form a prerendered page draws: a submit before the app had hydrated the page was
 * held (public/theme-init.js marks the form), and is sent again once this form is the app's.
 * Not from the page's first commit (main.tsx): the route's content may hydrate in a later one,
 * and a submit sent before its form library listens is lost. The ref is set when the form's
 * own component commits; the submit waits for that commit's effects (the form library's
 * subscription, the page marked ready).
 */
export function sendHeldSubmit(form: HTMLFormElement | null): void {
  if (!form?.hasAttribute('data-held-submit')) return;
  form.removeAttribute('data-held-submit');
  setTimeout(() => form.requestSubmit());
}

function isTextField(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return (
    field instanceof HTMLTextAreaElement ||
    !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type)
  );
}
