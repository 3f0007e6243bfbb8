import { Alert, Button, type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import classes from './theme.module.css';

// One brand colour: a strong construction orange. Shades 0-6 are the bright orange for fills, rules and icons;
// 7-9 are darker so white text on a filled button and orange text on white pass WCAG AA (4.5:1):
// shade 7 (the primary shade) is 5.2:1 against white.
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#c2410c',
  '#a8380a',
  '#8a2e08',
];

const slate: MantineColorsTuple = [
  '#f1f4f8',
  '#e2e7ee',
  '#c4cdd9',
  '#a3b1c3',
  '#8798b0',
  '#7588a4',
  '#6a7f9e',
  '#596c8a',
  '#4d607c',
  '#1e293b',
];

// Mantine's greys, with shade 6 (the "dimmed" text colour) darkened from #868e96 (3.3:1 on white) to 5.3:1 on
// the lightest grey backgrounds.
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5c6670',
  '#495057',
  '#343a40',
  '#212529',
];

// Light badges and alerts draw text in shade 9 on shade 1: Mantine's yellow and green shade 9 are too light for
// that (2.7:1 and 3.8:1), so they are darkened (5.6:1 and 5.3:1). The other shades are Mantine's.
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#f08c00',
  '#8f5200',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2f9e44',
  '#22702f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, slate, gray, yellow, green },
  black: '#1e293b',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, sans-serif', fontWeight: '800' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    // The spec's uppercase labels on buttons; generous touch targets.
    Button: Button.extend({
      defaultProps: { size: 'md' },
      styles: { label: { textTransform: 'uppercase', letterSpacing: 0.3 } },
    }),
    // Links inside a coloured alert take the alert's text colour (underlined): orange on pink fails contrast.
    Alert: Alert.extend({ classNames: { message: classes.alertMessage } }),
    // Every dialog's and drawer's X is a button named "Close" (Mantine leaves it unnamed). Plain objects rather
    // than Modal.extend: importing Modal here would put it in the first script of every page.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Placeholder text in the dimmed grey too (Mantine's #adb5bd is 2.1:1; a date field shows it as its text). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Field errors: Mantine's red (#fa5252) is 3.3:1 on white; red 9 (#c92a2a) is 5.9:1 (AA).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
