import { Alert, Badge, createTheme, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

// Mantine's defaults, with contrast that passes WCAG AA: a primary shade dark enough for white text, and alert titles
// in the text colour (a light alert's coloured title is too pale on its tinted background); named close buttons;
// black or white text on filled colours, whichever contrasts; badges tinted (light) unless told otherwise.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'sm',
  autoContrast: true,
  components: {
    // A tinted badge's coloured text is too pale for its small size: the tint says the colour, the text stays dark.
    Badge: Badge.extend({
      defaultProps: { variant: 'light' },
      vars: (_t, props) => ({
        root: props.variant === 'light' || !props.variant ? { '--badge-color': 'var(--mantine-color-text)' } : {},
      }),
    }),
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** Dimmed text, light and outline variants (tinted buttons, badges) in darker shades than Mantine's, for AA contrast. */
export const contrast: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-primary-color-light-color': t.colors[t.primaryColor]![9]!,
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((c) =>
        [`light-color`, `outline`].map((v) => [`--mantine-color-${c}-${v}`, t.colors[c]![9]!]),
      ),
    ),
  },
  dark: {},
});
