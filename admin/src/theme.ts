import { Alert, createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

// Mantine's defaults, with contrast that passes WCAG AA: a primary shade dark enough for white text, and alert titles
// in the text colour (a light alert's coloured title is too pale on its tinted background); named close buttons.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'sm',
  components: {
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

/** Dimmed text and light variants (tinted buttons, badges) in darker shades than Mantine's, for AA contrast. */
export const contrast: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-primary-color-light-color': t.colors[t.primaryColor]![9]!,
    ...Object.fromEntries(Object.keys(t.colors).map((c) => [`--mantine-color-${c}-light-color`, t.colors[c]![9]!])),
  },
  dark: {},
});
