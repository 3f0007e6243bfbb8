/** The Tibay word mark: an orange "T" block and the name. `tone` picks the text colour for dark or light backgrounds. */
export function TibayLogo({ height = 34, tone = 'light' }: { height?: number; tone?: 'light' | 'dark' }) {
  const text = tone === 'light' ? '#ffffff' : '#1e293b';
  return (
    <svg
      viewBox="0 0 150 40"
      height={height}
      width={(height * 150) / 40}
      role="img"
      aria-label="Tibay"
      style={{ display: 'block' }}
    >
      <rect x="0" y="0" width="40" height="40" rx="8" fill="#e8590c" />
      <path d="M8.5 11h23v6h-8.2v15h-6.6V17H8.5z" fill="#fff" />
      <text
        x="50"
        y="29"
        fill={text}
        style={{ fontFamily: 'var(--mantine-font-family-headings)' }}
        fontSize="26"
        fontWeight="800"
        letterSpacing="1.5"
      >
        TIBAY
      </text>
    </svg>
  );
}

/** The BuildCredit bank partner's mark, drawn for the navigation bar. */
export function BankPartnerLogo({ height = 28, name }: { height?: number; name: string }) {
  return (
    <svg viewBox="0 0 150 36" height={height} width={(height * 150) / 36} role="img" aria-label={name}>
      <rect x="0.5" y="0.5" width="149" height="35" rx="6" fill="#0f3d6e" />
      <path
        d="M10 14 19 8l9 6v1H10zM11.5 16.5h2.5v8h-2.5zM17.75 16.5h2.5v8h-2.5zM24 16.5h2.5v8H24zM10 26h18v2H10z"
        fill="#f4c542"
      />
      <text
        x="36"
        y="16"
        fill="#fff"
        style={{ fontFamily: 'var(--mantine-font-family-headings)' }}
        fontSize="11"
        fontWeight="800"
        letterSpacing=".6"
      >
        KAAGAPAY
      </text>
      <text
        x="36"
        y="29"
        fill="#c7d7ea"
        style={{ fontFamily: 'var(--mantine-font-family-headings)' }}
        fontSize="9"
        fontWeight="600"
        letterSpacing="1.8"
      >
        BANK · PARTNER
      </text>
    </svg>
  );
}
