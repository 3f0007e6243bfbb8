import { Group, type GroupProps, Image } from '@mantine/core';
import { lazy, useEffect, useState } from 'react';
import appStoreBadge from '../assets/app-store-badge.svg';
import googlePlayBadge from '../assets/google-play-badge.svg';
import { Deferred } from './deferred.tsx';
import { siteInfo } from './site-info.ts';

/** The QR popover's positioning code loads after the first paint (or on the first hover). */
const StoreBadgeQr = lazy(() => import('./store-badge-qr.tsx'));

interface Store {
  name: string;
  href: string;
  badge: string;
  alt: string;
}

const stores: Store[] = [
  { name: 'App Store', href: siteInfo.appStoreUrl, badge: appStoreBadge, alt: 'Download on the App Store' },
  { name: 'Google Play', href: siteInfo.googlePlayUrl, badge: googlePlayBadge, alt: 'Get it on Google Play' },
];

/** A QR code (data URL) for a link, generated in the browser the first time it is needed. */
function useQrCode(text: string, enabled: boolean) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || dataUrl) return;
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 176, color: { dark: '#1e293b', light: '#ffffff' } }))
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [text, enabled, dataUrl]);
  return dataUrl;
}

function StoreBadge({ store, height }: { store: Store; height: number }) {
  const [opened, setOpened] = useState(false);
  const qr = useQrCode(store.href, opened);
  const anchorProps = {
    href: store.href,
    target: '_blank',
    rel: 'noopener noreferrer',
    onMouseEnter: () => setOpened(true),
    onMouseLeave: () => setOpened(false),
    onFocus: () => setOpened(true),
    onBlur: () => setOpened(false),
    style: { display: 'inline-block', lineHeight: 0 },
  };
  const badge = <Image src={store.badge} alt={store.alt} h={height} w={(height * 180) / 54} fit="contain" />;
  return (
    <Deferred
      fallback={(request) => (
        <a
          {...anchorProps}
          href={store.href}
          onMouseEnter={() => {
            setOpened(true);
            request();
          }}
          onFocus={() => {
            setOpened(true);
            request();
          }}
        >
          {badge}
        </a>
      )}
    >
      {() => <StoreBadgeQr opened={opened} qr={qr} storeName={store.name} anchor={<a {...anchorProps}>{badge}</a>} />}
    </Deferred>
  );
}

/** App Store and Google Play badges; hovering or focusing one shows a QR code for its store page (spec 1 §1). */
export function StoreBadges({ height = 40, ...props }: { height?: number } & GroupProps) {
  return (
    <Group gap="sm" {...props}>
      {stores.map((store) => (
        <StoreBadge key={store.name} store={store} height={height} />
      ))}
    </Group>
  );
}
