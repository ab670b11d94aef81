import { fundedCustomer } from '@bank/api/testing/money';
import { shippedSettings } from '@bank/api/testing/settings';
import { staffMember } from '@bank/api/testing/staff';
import { bankSettings, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, jsonHeaders } from './testing.ts';

const { app, server, as } = await createFileTestServer();

const staff = (role: 'admin' | 'support') => staffMember(app, role);

describe('REST users and settings (docs/product.md 7, admin only)', () => {
  it('refuses every admin path to customers and support staff (403) and to nobody (401)', async () => {
    const customer = await fundedCustomer(app, 0);
    const agent = await staff('support');
    const id = customer.id;
    const paths: Array<{
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: object;
    }> = [
      { method: 'GET', url: '/api/v1/users' },
      { method: 'GET', url: '/api/v1/users/stats' },
      { method: 'GET', url: `/api/v1/users/${id}` },
      {
        method: 'POST',
        url: '/api/v1/users',
        payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', phoneNumber: '+15550000000' },
      },
      { method: 'PUT', url: `/api/v1/users/${id}`, payload: { role: 'admin' } },
      { method: 'DELETE', url: `/api/v1/users/${id}` },
      { method: 'PUT', url: `/api/v1/users/${id}/block` },
      { method: 'GET', url: '/api/v1/roles' },
      { method: 'GET', url: '/api/v1/admin/settings' },
      { method: 'PUT', url: '/api/v1/admin/settings', payload: shippedSettings },
    ];
    for (const path of paths) {
      for (const [token, status] of [
        [customer.token, 403],
        [agent.token, 403],
        [undefined, 401],
      ] as const) {
        const answer = await server.inject({ ...path, headers: jsonHeaders(token) });
        expect({ path: `${path.method} ${path.url}`, status: answer.statusCode }).toEqual({
          path: `${path.method} ${path.url}`,
          status,
        });
      }
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'user', isBlocked: false });
  });

  it('lists with docs/product.md’s page shape, toggles a block with no body and sets one with a body', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 0);
    const list = await as(admin.token).get(
      `/api/v1/users?searchQuery=${encodeURIComponent(alice.email)}&page=1&limit=5`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, count: 1, total: 1, hasMore: false });
    expect(list.json().data[0]).toMatchObject({ id: alice.id, status: 'active' });

    const toggle = () =>
      server.inject({
        method: 'PUT',
        url: `/api/v1/users/${alice.id}/block`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
    expect((await toggle()).json()).toMatchObject({
      message: 'User blocked successfully',
      user: { isBlocked: true },
    });
    expect((await toggle()).json()).toMatchObject({
      message: 'User unblocked successfully',
      user: { isBlocked: false },
    });
    const set = await as(admin.token).put(`/api/v1/users/${alice.id}/block`, { blocked: false });
    expect(set.json()).toMatchObject({ user: { isBlocked: false } });

    const created = await as(admin.token).post('/api/v1/users', {
      firstName: 'Rita',
      lastName: 'Rest',
      email: `rita-${Date.now()}@example.com`,
      phoneNumber: '+15550002222',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'User created successfully' });
    const updated = await as(admin.token).put(`/api/v1/users/${created.json().user.id}`, {
      withdrawalLimit: 750,
    });
    expect(updated.json()).toMatchObject({
      message: 'User updated successfully',
      user: { withdrawalLimit: 750 },
    });
    const deleted = await as(admin.token).delete(`/api/v1/users/${created.json().user.id}`);
    expect(deleted.json()).toEqual({ message: 'User deleted successfully' });
    const roles = await as(admin.token).get('/api/v1/roles');
    expect(roles.json().roles.map((r: { name: string }) => r.name)).toEqual([
      'user',
      'admin',
      'support',
    ]);
  });

  it('refuses a delete the bank must not do with 409 and the reason', async () => {
    const admin = await staff('admin');
    const rich = await fundedCustomer(app, 5);
    const answer = await as(admin.token).delete(`/api/v1/users/${rich.id}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      'This user cannot be deleted while their balance is $5.00: it must be $0.00 first',
    );
  });

  it('settings: reads, validates with docs/product.md 5’s messages, saves; maintenance answers 503 to customers', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 0);
    try {
      const read = await as(admin.token).get('/api/v1/admin/settings');
      expect(read.json()).toMatchObject(shippedSettings);
      const bad = await as(admin.token).put('/api/v1/admin/settings', {
        ...shippedSettings,
        bankName: '',
        transferLimit: 0,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([
        { field: 'bankName', message: 'Bank name is required' },
        { field: 'transferLimit', message: 'Transfer limit must be positive' },
      ]);
      const on = await as(admin.token).put('/api/v1/admin/settings', {
        ...shippedSettings,
        maintenanceMode: true,
      });
      expect(on.json()).toMatchObject({ message: 'Settings updated successfully' });
      const refused = await as(alice.token).get('/api/v1/transactions/balance');
      expect(refused.statusCode).toBe(503);
      const publicProfile = await as(alice.token).get('/api/v1/bank');
      expect(publicProfile.json()).toMatchObject({ maintenanceMode: true });
      const adminStill = await as(admin.token).get('/api/v1/users/stats');
      expect(adminStill.statusCode).toBe(200);
    } finally {
      await app.db.update(bankSettings).set({ maintenanceMode: false });
      app.deps.settings.forget();
    }
  });
});

describe('REST all banks (administrators)', () => {
  it('searches by bank, routing number, last four, owner or e-mail, in server pages', async () => {
    const admin = await staff('admin');
    const owner = await fundedCustomer(app, 0, `Owner${crypto.randomUUID().slice(0, 6)}`);
    const marker = `Credit Union ${crypto.randomUUID().slice(0, 8)}`;
    for (const [index, accountNumber] of ['55550001', '55550002', '55550003'].entries()) {
      const linked = await as(owner.token).post('/api/v1/banks', {
        name: `${marker} ${index}`,
        accountNumber,
        routingNumber: '011000015',
        accountType: 'checking',
      });
      expect(linked.statusCode).toBe(201);
    }
    const list = async (query: string) => {
      const answer = await as(admin.token).get(`/api/v1/banks/all?${query}`);
      expect(answer.statusCode).toBe(200);
      return answer.json() as {
        data: { name: string; user: { email: string } }[];
        page: number;
        total: number;
        hasMore: boolean;
      };
    };

    const first = await list(`searchQuery=${encodeURIComponent(marker)}&limit=2`);
    expect(first).toMatchObject({ page: 1, total: 3, hasMore: true });
    expect(first.data.map((bank) => bank.name)).toEqual([`${marker} 2`, `${marker} 1`]);
    const second = await list(`searchQuery=${encodeURIComponent(marker)}&limit=2&page=2`);
    expect(second).toMatchObject({ page: 2, total: 3, hasMore: false });
    expect(second.data.map((bank) => bank.name)).toEqual([`${marker} 0`]);

    // Every word must match somewhere: the owner's e-mail with the last four.
    const byOwner = await list(`searchQuery=${encodeURIComponent(`${owner.email} 0002`)}`);
    expect(byOwner.data.map((bank) => bank.name)).toEqual([`${marker} 1`]);
    // A wildcard is taken literally.
    expect((await list('searchQuery=%25%25%25')).total).toBe(0);
  });
});
