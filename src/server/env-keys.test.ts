import { describe, expect, test } from 'vitest';
import { envKeyId, envKeyRing } from './env-keys.ts';

const [ANA, BEN, CARLA] = [
  'ana-key-0123456789abcdefghijklmnopqrs',
  'ben-key-0123456789abcdefghijklmnopqrs',
  'carla-key-0123456789abcdefghijklmnopq',
];

describe('the keys of API_KEYS and ADMIN_KEYS', () => {
  test('are named by the key, not its place: replicas with the lists in another order agree', async () => {
    const one = envKeyRing({ read: [ANA, BEN], admin: [CARLA] });
    const other = envKeyRing({ read: [BEN, ANA], admin: [CARLA] });
    for (const key of [ANA, BEN, CARLA]) expect(await other.identify(key)).toEqual(await one.identify(key));
    expect(await one.identify(ANA)).toEqual({
      id: envKeyId(ANA),
      name: `API_KEYS ${envKeyId(ANA).slice(4, 12)}`,
      role: 'read',
    });
    expect(await one.identify(CARLA)).toMatchObject({
      name: expect.stringMatching(/^ADMIN_KEYS [0-9a-f]{8}$/),
      role: 'admin',
    });
  });

  test('a rotation never gives one holder’s id to another', async () => {
    // Ana's key is rotated out: listed beside the new one, then dropped. Ben keeps his id throughout.
    const before = envKeyRing({ read: [ANA, BEN] });
    const during = envKeyRing({ read: [ANA, BEN, CARLA] });
    const after = envKeyRing({ read: [BEN, CARLA] });
    const ids = new Set<string>();
    for (const ring of [before, during, after]) {
      expect((await ring.identify(BEN))?.id).toBe(envKeyId(BEN));
      for (const key of [ANA, BEN, CARLA]) {
        const id = (await ring.identify(key))?.id;
        if (id) ids.add(`${key}:${id}`);
      }
    }
    // Three keys, three ids, never shared.
    expect(ids.size).toBe(3);
    expect(new Set([...ids].map((pair) => pair.split(':')[1])).size).toBe(3);
    expect(await after.identify(ANA)).toBeNull();
  });
});
