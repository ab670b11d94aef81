import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ColorModeProvider } from '../components/color-mode.tsx';
import { type TrpcClient, trpc } from '../lib/trpc.ts';

export function AppProviders(props: {
  /** The design system (lib/theme.ts). */
  system: SystemContext;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  children: ReactNode;
}) {
  return (
    <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
      <QueryClientProvider client={props.queryClient}>
        <ChakraProvider value={props.system}>
          <ColorModeProvider>{props.children}</ColorModeProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
