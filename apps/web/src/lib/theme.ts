import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's bundle-size guide: the base config plus the theme's tokens and only the recipes our
 * components use (the full `defaultConfig` ships ~80 recipes, a quarter of the entry chunk).
 * A component added later needs its recipe here, or it renders unstyled.
 */
const themeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The bank's design system. `brand` is the default colour palette; its solid shade is dark
 * enough for white text to pass WCAG AA (Chakra's stock blue/green solids do not).
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#d9e6ff' },
          200: { value: '#bcd3ff' },
          300: { value: '#8eb6fd' },
          400: { value: '#598ef9' },
          500: { value: '#3468f4' },
          600: { value: '#1e4ae0' },
          700: { value: '#1a3bb8' },
          800: { value: '#1b3594' },
          900: { value: '#1c3175' },
          950: { value: '#151f47' },
        },
      },
      fonts: {
        heading: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.600}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
        // Field error text: Chakra's red.500 is 3.76:1 on white (AA needs 4.5:1 for small text).
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        // Toasts and solid badges put white text on these: darker shades keep AA contrast.
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
        },
        orange: {
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
        },
        red: {
          solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } },
        },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The design system, built on first use rather than when this module loads: building it is the
 * start's largest single piece of work, and main.tsx gives it a task of its own.
 */
export function bankSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, themeSlice, config);
  return system;
}

/**
 * The design system for a page whose <head> already holds its global CSS (the reset, the tokens
 * as CSS variables, the keyframes), written by the build (prerender.mjs): Chakra's provider then
 * inserts none. Chakra builds that CSS only when it is first read (our patch of it,
 * patches/@chakra-ui__react@3.37.0.patch; decision 045), which here is never: on a phone it was
 * half of the design system's cost, in one long task.
 */
export function bankSystemWithoutGlobalCss(): SystemContext {
  return { ...bankSystem(), _global: [] };
}
