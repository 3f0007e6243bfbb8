import { useState } from 'react';
import { toast } from '../lib/toast.ts';

/**
 * "Use my location" of an address picker: asks the browser for the device's position and hands it to `onFound`;
 * `locating` is true meanwhile. A refusal (or no geolocation) says so in a toast.
 */
export function useMyLocation(onFound: (lat: number, lng: number) => Promise<void>) {
  const [locating, setLocating] = useState(false);
  const refused = () => toast('Please allow location sharing', 'error');
  const locate = () => {
    if (!('geolocation' in navigator)) {
      refused();
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        await onFound(position.coords.latitude, position.coords.longitude);
        setLocating(false);
      },
      () => {
        setLocating(false);
        refused();
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return { locating, locate };
}
