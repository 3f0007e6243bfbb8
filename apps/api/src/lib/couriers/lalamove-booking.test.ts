import { describe, expect, it } from 'vitest';
import { lalamoveApi, sandboxLalamove, toE164 } from './lalamove.ts';
import { fakeLalamove, input, KEY, SECRET, setUpFakeCouriers } from './test/fake-couriers.ts';
import { type BookInput, BookingFailed } from './types.ts';

/** Booking a Lalamove delivery with a quotation, against the local fake. */
setUpFakeCouriers();

function booking(overrides: Partial<BookInput> = {}): BookInput {
  return {
    quotationId: '1514140994227007571',
    senderStopId: '3151610463036330',
    recipientStopId: '3151610463036331',
    sender: { name: 'Alpha Hardware', phone: '0917 123 4567' },
    recipient: { name: 'Juan Dela Cruz', phone: '09181234567', remarks: 'Call on arrival' },
    metadata: { reference: 'ORD20261121000001' },
    ...overrides,
  };
}

describe('Lalamove booking', () => {
  it('phone numbers are sent in E.164', () => {
    expect(toE164('09171234567')).toBe('+639171234567');
    expect(toE164('9171234567')).toBe('+639171234567');
    expect(toE164('63 917 123 4567')).toBe('+639171234567');
    expect(toE164('+63 (917) 123-4567')).toBe('+639171234567');
    expect(() => toE164(' - ')).toThrow(BookingFailed);
  });

  it('sandbox: books offline with an id like the quotation ids and a share link to the sandbox courier page', async () => {
    const booked = await sandboxLalamove('https://tibay.example/').book!(booking());
    expect(booked.orderId).toMatch(/^\d{19}$/);
    expect(booked.shareLink).toBe(`https://tibay.example/sandbox-courier/${booked.orderId}`);
    await expect(sandboxLalamove().book!(booking({ quotationId: '' }))).rejects.toBeInstanceOf(BookingFailed);
  });

  it('real adapter: signed POST /v3/orders with the quotation, stops, E.164 phones; answers orderId and shareLink', async () => {
    fakeLalamove.mode = 'ok';
    const courier = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 2000,
    });
    const booked = await courier.book!(booking());
    expect(booked).toEqual({
      orderId: '1714140994227007571',
      shareLink: 'https://share.lalamove.test/?PH1001714140994227007571',
      requoted: null,
    });
    const seen = fakeLalamove.seen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/v3/orders' });
    expect(JSON.parse(seen.body)).toEqual({
      data: {
        quotationId: '1514140994227007571',
        sender: { stopId: '3151610463036330', name: 'Alpha Hardware', phone: '+639171234567' },
        recipients: [
          { stopId: '3151610463036331', name: 'Juan Dela Cruz', phone: '+639181234567', remarks: 'Call on arrival' },
        ],
        isPODEnabled: true,
        metadata: { reference: 'ORD20261121000001' },
      },
    });
  });

  it('an expired quotation is quoted again once and booked with the new quotation and stops', async () => {
    fakeLalamove.mode = 'ok';
    fakeLalamove.expiredQuotations.add('1514140994227007571');
    fakeLalamove.nextQuotationId = '1514140994227008888';
    try {
      const courier = lalamoveApi({
        apiUrl: fakeLalamove.url,
        apiKey: KEY,
        apiSecret: SECRET,
        market: 'PH',
        timeoutMs: 2000,
      });
      const before = fakeLalamove.seen.length;
      const booked = await courier.book!(booking({ requote: async () => input() }));
      expect(booked.orderId).toBe('1714140994227008888');
      expect(booked.requoted).toMatchObject({ quotation_id: '1514140994227008888' });
      expect(fakeLalamove.seen.slice(before).map((seen) => seen.path)).toEqual([
        '/v3/orders',
        '/v3/quotations',
        '/v3/orders',
      ]);
      expect(JSON.parse(fakeLalamove.seen.at(-1)!.body).data.quotationId).toBe('1514140994227008888');
      // Without the quote input, or when the new quotation expires too, the booking fails (once, no loop).
      await expect(courier.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
      fakeLalamove.expiredQuotations.add('1514140994227008888');
      const count = fakeLalamove.seen.length;
      await expect(courier.book!(booking({ requote: async () => input() }))).rejects.toBeInstanceOf(BookingFailed);
      expect(fakeLalamove.seen.length - count).toBe(3);
    } finally {
      fakeLalamove.expiredQuotations.clear();
      fakeLalamove.nextQuotationId = '1514140994227007571';
    }
  });

  it('a wrong secret, an error answer, a timeout or no server is BookingFailed', async () => {
    fakeLalamove.mode = 'ok';
    const wrong = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: 'nope',
      market: 'PH',
      timeoutMs: 2000,
    });
    await expect(wrong.book!(booking())).rejects.toThrow(/401/);
    fakeLalamove.mode = 'error';
    const ok = lalamoveApi({ apiUrl: fakeLalamove.url, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    await expect(ok.book!(booking({ requote: async () => input() }))).rejects.toThrow(
      /422 \(ERR_OUT_OF_SERVICE_AREA\)/,
    );
    fakeLalamove.mode = 'slow';
    const hasty = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 100,
    });
    await expect(hasty.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
    const closed = lalamoveApi({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 500,
    });
    await expect(closed.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
    fakeLalamove.mode = 'ok';
  });
});
