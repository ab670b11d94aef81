import { ClientOnly, IconButton, Skeleton } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

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
        {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
      </IconButton>
    </ClientOnly>
  );
}

/*
 * Lucide's sun and moon (the icons react-icons/lu draws) inline: this button is on the error
 * pages of the entry chunk, and importing react-icons there would put every icon the app uses
 * into the entry (the icon set is a single module).
 */
function SunIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </svg>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
