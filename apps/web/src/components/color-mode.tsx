import { ClientOnly, IconButton, Skeleton } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';

/**
 * Light and dark themes through next-themes (class on <html>, kept in localStorage 'theme').
 * public/theme-init.js applies the stored choice before React starts, without inline script.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      disableTransitionOnChange
      enableSystem
      defaultTheme="system"
      // next-themes always renders its boot script; theme-init.js does that job under the CSP,
      // so the copy is marked as inert data (React neither warns about nor runs it).
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode = resolvedTheme === 'dark' ? 'dark' : 'light';
  return {
    colorMode,
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  } as const;
}

export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <ClientOnly fallback={<Skeleton boxSize="9" />}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        onClick={toggleColorMode}
      >
        {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
      </IconButton>
    </ClientOnly>
  );
}
