import { Alert, Anchor, Container, Group, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { mapDefaults, messages, type Place, type SellerListMode } from '@tibay/contract';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AddressPicker } from '../../components/address-picker.tsx';
import { type LatLng, type MapMarker, MapView } from '../../components/map-view.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { useMyLocation } from '../../components/use-my-location.ts';
import { reverseGeocode } from '../../lib/geocoding.ts';
import { useSession } from '../../lib/session.ts';
import { localKeys } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { useSellerList } from './api.ts';
import { SellerCard } from './components/seller-card.tsx';
import { SellerSearch } from './components/seller-search.tsx';

interface Coordinates {
  lat: number;
  lng: number;
}

function readSavedCoordinates(): Coordinates | null {
  try {
    const value = JSON.parse(
      localStorage.getItem(localKeys.globalCoordinates) ?? 'null',
    ) as Partial<Coordinates> | null;
    if (value && Number.isFinite(value.lat) && Number.isFinite(value.lng)) return { lat: value.lat!, lng: value.lng! };
  } catch {
    // not JSON: ignore
  }
  return null;
}

function readSavedAddress(): string | null {
  const raw = localStorage.getItem(localKeys.globalAddress);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed;
  } catch {
    // plain text
  }
  return raw;
}

/** The picked place becomes the delivery address the header shows (localStorage globalAddress, globalCoordinates). */
function saveLocation(address: string | null, coordinates: Coordinates) {
  if (address) localStorage.setItem(localKeys.globalAddress, address);
  localStorage.setItem(localKeys.globalCoordinates, JSON.stringify(coordinates));
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Shop by seller (spec 1 "Shop by seller", §4 "Seller listing mode"): the delivery address with a map and a
 * draggable pin, the seller keyword with Nearby / Global, and the paginated seller cards (12 a page).
 */
export function ShopBySellerView() {
  const session = useSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);

  // The preset location: the one picked earlier in this browser, else the signed-in customer's saved address.
  const [coordinates, setCoordinates] = useState<Coordinates | null>(() => {
    const saved = readSavedCoordinates();
    if (saved) return saved;
    const user = session.token ? session.user : null;
    return user?.latitude != null && user.longitude != null ? { lat: user.latitude, lng: user.longitude } : null;
  });
  const [address, setAddress] = useState(() => readSavedAddress() ?? session.user?.address ?? '');
  // A guest with no saved coordinates starts in Global; otherwise Nearby (spec 1 §4).
  const [mode, setMode] = useState<SellerListMode>(() => (coordinates ? 'nearby' : 'global'));
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [zoom, setZoom] = useState<number>(mapDefaults.sellersZoom);

  const sellers = useSellerList({ mode, page, keyword, coordinates });
  const list = sellers.data;
  const loading = sellers.isPending && sellers.fetchStatus !== 'idle';

  const goToPage = (next: number, replace = false) =>
    setSearchParams(
      (params) => {
        params.set('page', String(next));
        return params;
      },
      { replace },
    );
  /** Changing mode, keyword or location resets the page to 1 (spec 1 §4). */
  const resetPage = () => {
    if (page !== 1) goToPage(1);
  };

  const moveTo = (next: Coordinates, label: string | null, zoomLevel?: number) => {
    const point = { lat: round(next.lat), lng: round(next.lng) };
    setCoordinates(point);
    if (label) setAddress(label);
    if (zoomLevel) setZoom(zoomLevel);
    saveLocation(label, point);
    resetPage();
  };

  const pick = (place: Place) =>
    moveTo({ lat: place.latitude, lng: place.longitude }, place.label, mapDefaults.addressZoom);

  const lookUp = async (point: Coordinates, zoomLevel?: number) => {
    try {
      const found = await reverseGeocode(point.lat, point.lng);
      moveTo(point, found.address, zoomLevel);
    } catch (error) {
      moveTo(point, null, zoomLevel);
      toast((error as Error).message, 'error');
    }
  };

  const { locating, locate } = useMyLocation((lat, lng) => lookUp({ lat, lng }, mapDefaults.addressZoom));

  const centre: LatLng = coordinates
    ? [coordinates.lat, coordinates.lng]
    : [mapDefaults.centre.lat, mapDefaults.centre.lng];
  const markers: MapMarker[] = [
    {
      id: 'delivery-pin',
      position: centre,
      title: 'Your delivery location (drag to move)',
      variant: 'pin',
      draggable: true,
      onDragEnd: ([lat, lng]) => void lookUp({ lat, lng }),
    },
    ...(list?.items ?? []).map(
      (seller): MapMarker => ({
        id: seller.id,
        position: [seller.latitude, seller.longitude],
        title: seller.name,
        variant: 'shop',
        popup: (
          <Stack gap={2}>
            <Text fw={700} size="sm">
              {seller.name}
            </Text>
            <Text size="xs" c="dimmed">
              {seller.location}
            </Text>
            <Anchor component={Link} to={`/shop/${seller.url_handle}`} size="sm" fw={600}>
              Visit shop
            </Anchor>
          </Stack>
        ),
      }),
    ),
  ];

  const needsLocation = mode === 'nearby' && !coordinates;
  // Global: the map shows where the page's sellers are; Nearby keeps the pin in the centre at the sellers' zoom.
  const sellerPoints = useMemo(
    () => (list?.items ?? []).map((seller): LatLng => [seller.latitude, seller.longitude]),
    [list?.items],
  );

  return (
    <Container size="xl" py="xl">
      <Title order={1} fz={{ base: 22, sm: 28 }} tt="uppercase" mb="md">
        ENTER YOUR DELIVERY ADDRESS
      </Title>
      <Stack gap="md">
        <AddressPicker value={address} onChange={setAddress} onPick={pick} onLocate={locate} locating={locating} />
        <MapView
          label="Map of sellers and your delivery location"
          center={centre}
          zoom={zoom}
          markers={markers}
          fitPoints={mode === 'global' ? sellerPoints : undefined}
          height={phone ? 280 : 380}
        />
        <Group align="flex-end" gap="lg" wrap="wrap">
          <SellerSearch
            value={keywordText}
            onChange={setKeywordText}
            onSearch={(next) => {
              setKeywordText(next);
              setKeyword(next);
              resetPage();
            }}
          />
          <Radio.Group
            label="Show sellers"
            value={mode}
            onChange={(next) => {
              setMode(next as SellerListMode);
              setZoom(mapDefaults.sellersZoom);
              resetPage();
            }}
          >
            <Group gap="lg" mt={8} mb={8}>
              <Radio value="nearby" label="Nearby" />
              <Radio value="global" label="Global" />
            </Group>
          </Radio.Group>
        </Group>

        {needsLocation ? (
          <Alert color="brand" variant="light">
            {messages.coordinatesRequired}
          </Alert>
        ) : loading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="md" aria-busy>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={180} radius="md" />
            ))}
          </SimpleGrid>
        ) : list && list.items.length > 0 ? (
          <>
            <Text size="sm" c="dimmed" role="status">
              {list.totalCount.toLocaleString('en-PH')} {list.totalCount === 1 ? 'seller' : 'sellers'}
              {list.mode === 'nearby' ? ` within ${list.radius_km} km, nearest first` : ''}
            </Text>
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, md: 3, lg: 4 }}
              spacing="md"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label="Sellers"
            >
              {list.items.map((seller) => (
                <li key={seller.id}>
                  <SellerCard seller={seller} />
                </li>
              ))}
            </SimpleGrid>
            <PagePagination
              page={page}
              totalPages={list.totalPages}
              onChange={(next) => {
                goToPage(next);
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        ) : (
          <Text ta="center" c="dimmed" py="xl" fw={600}>
            {messages.noResultFound}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
