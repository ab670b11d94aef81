import { describe, expect, it, vi } from 'vitest';
import { keepWhatWasDone, sendHeldSubmit } from './before-hydration.ts';

/** A prerendered form as the browser holds it before the app starts. */
function prerenderedForm() {
  document.body.innerHTML = `<div id="root"><form>
    <input name="email" type="email"><input name="password" type="password">
    <input name="remember" type="checkbox"><button type="submit">Sign in</button>
  </form></div>`;
  const root = found(document.getElementById('root'));
  const field = (name: string) => found(root.querySelector<HTMLInputElement>(`[name="${name}"]`));
  return { root, field, form: found(root.querySelector('form')) };
}

function found<T>(element: T | null): T {
  if (element === null) throw new Error('not in the page');
  return element;
}

describe('what a visitor did before hydration', () => {
  it('writes typed text back, as typing, after the form reset its fields', () => {
    const { root, field } = prerenderedForm();
    field('email').value = 'alice@example.com';
    const restore = keepWhatWasDone(root);
    // Hydration: react-hook-form writes its defaults into the fields it registers.
    field('email').value = '';
    const typing = vi.fn();
    field('email').addEventListener('input', typing);
    restore();
    expect(field('email').value).toBe('alice@example.com');
    expect(typing).toHaveBeenCalledTimes(1);
    // Untouched fields are left alone.
    expect(field('password').value).toBe('');
  });

  it('submits again, once its component has committed, the form whose submit was held', () => {
    vi.useFakeTimers();
    try {
      const { form } = prerenderedForm();
      form.setAttribute('data-held-submit', '');
      const submitted = vi.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submitted);
      sendHeldSubmit(form);
      expect(form.hasAttribute('data-held-submit')).toBe(false);
      // Not within the commit: after its effects.
      expect(submitted).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(submitted).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('submits nothing when nothing was held', () => {
    vi.useFakeTimers();
    try {
      const { form } = prerenderedForm();
      const submitted = vi.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submitted);
      sendHeldSubmit(form);
      sendHeldSubmit(null);
      vi.runAllTimers();
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
