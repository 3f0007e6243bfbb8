import { Button, createTheme, type MantineColorsTuple } from '@mantine/core';

// One brand colour: a strong construction orange. Text and headers in dark slate.
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#e8590c',
  '#d9480f',
  '#b83b0a',
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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, slate },
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
  },
});
