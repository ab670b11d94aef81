/**
 * What a visitor did on a prerendered page (apps/web/prerender.mjs) before React took it over:
 * text typed into its fields, and a form submitted (held by public/theme-init.js). Hydration
 * resets the fields to the form's defaults (react-hook-form writes them when it registers a
 * field), so the text is written back through input events, which the form hears as typing, and
 * the held form is submitted again.
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
    const held = container.querySelector<HTMLFormElement>('form[data-held-submit]');
    held?.removeAttribute('data-held-submit');
    held?.requestSubmit();
  };
}

function isTextField(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return (
    field instanceof HTMLTextAreaElement ||
    !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type)
  );
}
