import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLocationState } from './location-state.ts';
import { notify } from './toaster.ts';

/** A success message handed over by the page before (a payment, a loan application) shows once. */
export function useArrivalMessage() {
  const { message } = useLocationState();
  const router = useRouter();
  useEffect(() => {
    if (!message) return;
    // After the commit: the toaster and the router both flush synchronously, which React
    // refuses while an arriving page is still being committed.
    const timer = setTimeout(() => {
      notify({ type: 'success', message });
      // Forget it, so that a reload or a return to this entry does not repeat the toast.
      router.history.replace(router.history.location.href);
    }, 0);
    return () => clearTimeout(timer);
  }, [message, router]);
}
