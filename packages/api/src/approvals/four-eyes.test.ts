import { accounts, users } from '@bank/db/schema';
import type { AuditEvent } from '@bank/validators/audit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';
import { checkLedgerAfterEach } from '../testing/sound-ledger.ts';
import { staffMember } from '../testing/staff.ts';
import { approveRequest, rejectRequest } from './decisions.ts';
import { APPROVAL_TTL_MS } from './requests.ts';

const app = await createFileTestApp();
checkLedgerAfterEach(() => app);

const admin = (name: string) => staffMember(app, 'admin', name);

const application = {
  type: 'business' as const,
  amount: 40_000,
  term: 36,
  purpose: 'A second delivery van',
  employmentStatus: 'business-owner' as const,
  monthlyIncome: 12_000,
  existingLoans: false,
  collateral: { type: 'vehicle' as const, value: 45_000, description: '2024 van' },
};

const auditOf = (event: AuditEvent, userId: string) => auditEntries(app.db, event, userId);

describe('four eyes beyond reversals', () => {
  it('approves a loan above the bank’s amount only with a second administrator', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const borrower = await fundedCustomer(app, 0, 'Bea');
    const { loan } = await borrower.caller.loans.create(application);
    const asked = await maker.caller.loans.decide({ id: loan.id, status: 'approved' });
    if (!('approval' in asked) || !asked.approval) throw new Error('expected an approval request');
    expect(asked.approval).toMatchObject({ action: 'loan_approval', amount: 40_000 });
    expect(await borrower.caller.loans.byId({ id: loan.id })).toMatchObject({ status: 'pending' });
    // The same thing twice is refused while the first waits.
    expect(
      await rejectionOf(maker.caller.loans.decide({ id: loan.id, status: 'approved' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPROVAL_PENDING' });
    // The maker never approves their own request.
    expect(
      await rejectionOf(maker.caller.approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_REQUEST' });

    const done = await checker.caller.approvals.approve({ id: asked.approval.id });
    expect(done.approval).toMatchObject({ status: 'approved', checkerId: checker.id });
    expect(await borrower.caller.loans.byId({ id: loan.id })).toMatchObject({
      status: 'approved',
    });
    expect(await borrower.caller.transactions.balance()).toMatchObject({ balance: 40_000 });
    // Both people are in the audit log: the maker acted, the checker approved.
    const [decided] = await auditOf('loan.status_changed', borrower.id);
    expect(decided).toMatchObject({ actorId: maker.id });
    expect(decided?.details).toMatchObject({ approvedBy: checker.id, to: 'approved' });
    const [approved] = await auditOf('approval.approved', borrower.id);
    expect(approved).toMatchObject({ actorId: checker.id });
    expect(approved?.details).toMatchObject({ makerId: maker.id });
  });

  it('lets nobody approve a request about their own loan', async () => {
    const maker = await admin('Maker');
    const borrowerAdmin = await admin('Borrower');
    const { loan } = await borrowerAdmin.caller.loans.create(application);
    const asked = await maker.caller.loans.decide({ id: loan.id, status: 'approved' });
    if (!('approval' in asked) || !asked.approval) throw new Error('expected an approval request');
    expect(
      await rejectionOf(borrowerAdmin.caller.approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_ACCOUNT' });
    await rejectRequest(
      app.deps,
      { id: asked.approval.id, reason: 'Not without a third look' },
      { checkerId: (await admin('Third')).id },
    );
  });

  it('makes a limit raise and an admin grant wait, applying the rest of the change at once', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const dana = await fundedCustomer(app, 0, 'Dana');
    const answer = await maker.caller.admin.updateUser({
      id: dana.id,
      firstName: 'Daniela',
      withdrawalLimit: 30_000,
      role: 'admin',
    });
    expect(answer.user).toMatchObject({
      firstName: 'Daniela',
      role: 'user',
      withdrawalLimit: null,
    });
    expect(answer.approvals.map((approval) => approval.action).sort()).toEqual([
      'admin_grant',
      'limit_raise',
    ]);
    // A lower limit is no raise: it goes through at once.
    const lowered = await maker.caller.admin.updateUser({ id: dana.id, withdrawalLimit: 50 });
    expect(lowered).toMatchObject({ user: { withdrawalLimit: 50 }, approvals: [] });

    for (const approval of answer.approvals)
      await checker.caller.approvals.approve({ id: approval.id });
    const [row] = await app.db.select().from(users).where(eq(users.id, dana.id));
    expect(row).toMatchObject({ role: 'admin', withdrawalLimitCents: 3_000_000n });
    const updates = await auditOf('user.updated', dana.id);
    expect(updates.filter((entry) => entry.details?.approvedBy === checker.id)).toHaveLength(2);
  });

  it('refuses an approval after 24 hours, audits the lapse, and lets a new request be made', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const erin = await fundedCustomer(app, 0, 'Erin');
    const { approvals } = await maker.caller.admin.updateUser({ id: erin.id, role: 'admin' });
    const [grant] = approvals;
    if (!grant) throw new Error('expected an approval request');
    const later = new Date(Date.parse(grant.createdAt) + APPROVAL_TTL_MS + 1);
    expect(
      await rejectionOf(approveRequest(app.deps, grant.id, { checkerId: checker.id, now: later })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPROVAL_CLOSED' });
    const [lapsed] = await auditOf('approval.expired', erin.id);
    expect(lapsed).toMatchObject({ actorId: maker.id });
    const again = await maker.caller.admin.updateUser({ id: erin.id, role: 'admin' });
    expect(again.approvals).toHaveLength(1);
    const [row] = await app.db.select().from(users).where(eq(users.id, erin.id));
    expect(row?.role).toBe('user');
  });

  it('lifts a fraud freeze only with a second administrator; an ordinary freeze at once', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const fay = await fundedCustomer(app, 20, 'Fay');
    await maker.caller.restrictions.freeze({
      accountNumber: fay.accountNumber,
      mode: 'all',
      reason: 'Card used in two countries at once',
      fraud: true,
    });
    const asked = await maker.caller.restrictions.unfreeze({ accountNumber: fay.accountNumber });
    if (!asked.approval) throw new Error('expected an approval request');
    expect(asked.approval.action).toBe('freeze_lift');
    const [still] = await app.db
      .select({ mode: accounts.freezeMode })
      .from(accounts)
      .where(eq(accounts.accountNumber, fay.accountNumber));
    expect(still?.mode).toBe('all');
    // The customer themself, were they staff, could not approve it.
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, fay.id));
    expect(
      await rejectionOf((await app.caller(fay.token)).approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ reason: 'OWN_ACCOUNT' });
    await checker.caller.approvals.approve({ id: asked.approval.id });
    const [lifted] = await app.db
      .select({ mode: accounts.freezeMode })
      .from(accounts)
      .where(eq(accounts.accountNumber, fay.accountNumber));
    expect(lifted?.mode).toBeNull();
    const [unfrozen] = await auditOf('account.unfrozen', fay.id);
    expect(unfrozen).toMatchObject({ actorId: maker.id });
    expect(unfrozen?.details).toMatchObject({ approvedBy: checker.id });

    await maker.caller.restrictions.freeze({
      accountNumber: fay.accountNumber,
      mode: 'debits',
      reason: 'Asked by the customer',
    });
    expect(await maker.caller.restrictions.unfreeze({ accountNumber: fay.accountNumber })).toEqual({
      message: 'Freeze lifted',
    });
  });
});
