import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from '../lib/toaster-store.ts';

/** The top-right notification area (docs/product.md 2.2); content comes from `notify()`. */
export function Toaster() {
  return (
    <Portal>
      {/* The toast machine puts its group at the highest z-index there is (inline); back on
          the toast layer, an open account menu can lie above it (app-frame.tsx). */}
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        css={{ zIndex: 'var(--chakra-z-index-toast) !important' }}
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description>{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
