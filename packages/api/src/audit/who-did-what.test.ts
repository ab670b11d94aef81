import { auditLog } from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { fundedCustomer } from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';
import { supportQuestion } from '../testing/support.ts';

const app = await createFileTestApp();

const staff = (role: 'admin' | 'support', firstName: string) => staffMember(app, role, firstName);

const application = personalLoan;

describe('every audit entry names who acted and whom it concerns', () => {
  it('shows the officer as actor and the customer as subject of a loan decision', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const officer = await staff('admin', 'Olivia');
    const { loan } = await alice.caller.loans.create(application);
    await officer.caller.loans.decide({ id: loan.id, status: 'rejected', reason: 'Income low' });
    const log = await officer.caller.admin.auditLog({ event: 'loan.status_changed' });
    const entry = log.data.find((row) => row.subject?.id === alice.id);
    expect(entry).toMatchObject({
      actor: { id: officer.id, email: officer.email, name: 'Olivia Customer', role: 'admin' },
      subject: { id: alice.id, email: alice.email, name: 'Alice Customer' },
    });
  });

  it('shows a support agent, not “an administrator”, behind a ticket status change', async () => {
    const bob = await fundedCustomer(app, 0, 'Bob');
    const agent = await staff('support', 'Sam');
    const officer = await staff('admin', 'Ada');
    const { ticket } = await bob.caller.support.create(supportQuestion);
    await agent.caller.support.updateStatus({ id: ticket.id, status: 'in_progress' });
    const log = await officer.caller.admin.auditLog({ event: 'support.ticket_status_changed' });
    expect(log.data.find((row) => row.subject?.id === bob.id)).toMatchObject({
      actor: { id: agent.id, role: 'support', name: 'Sam Customer' },
      subject: { id: bob.id },
    });
    const detail = await officer.caller.admin.user({ id: bob.id });
    const change = detail.auditEvents.find((e) => e.event === 'support.ticket_status_changed');
    expect(change).toMatchObject({
      byAdministrator: false,
      actor: { id: agent.id, role: 'support', name: 'Sam Customer' },
    });
  });

  it('names the customer as their own actor, and nobody for a stranger’s failed sign-in', async () => {
    const carol = await fundedCustomer(app, 0, 'Carol');
    const officer = await staff('admin', 'Otto');
    await rejectionOf((await app.caller()).auth.login({ email: carol.email, password: 'nope!' }));
    const log = await officer.caller.admin.auditLog({ user: carol.email, limit: 100 });
    const success = log.data.find((row) => row.event === 'auth.login.success');
    expect(success).toMatchObject({ actor: { id: carol.id }, subject: { id: carol.id } });
    const failure = log.data.find((row) => row.event === 'auth.login.failure');
    expect(failure).toMatchObject({ actor: null, subject: { id: carol.id } });
  });
});

describe('customers see what staff did and looked at (Profile -> Security)', () => {
  it('records a staff member opening a profile with role, time and reason, and tells the customer', async () => {
    const dana = await fundedCustomer(app, 0, 'Dana');
    const officer = await staff('admin', 'Omar');
    await officer.caller.admin.user({ id: dana.id, reason: 'Checking a complaint' });
    const [view] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, dana.id), eq(auditLog.event, 'staff.viewed_profile')));
    expect(view).toMatchObject({
      actorId: officer.id,
      details: { reason: 'Checking a complaint' },
    });
    // The same staff member reopening soon after without a reason is the same visit.
    await officer.caller.admin.user({ id: dana.id });
    const views = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, dana.id), eq(auditLog.event, 'staff.viewed_profile')));
    expect(views).toHaveLength(1);
    await officer.caller.admin.updateUser({ id: dana.id, withdrawalLimit: 500 });

    const activity = await dana.caller.auth.staffActivity();
    expect(activity.data[0]).toMatchObject({
      event: 'user.updated',
      role: 'admin',
      kind: 'action',
    });
    expect(activity.data[1]).toMatchObject({
      event: 'staff.viewed_profile',
      role: 'admin',
      kind: 'view',
      reason: 'Checking a complaint',
    });
    // Staff names stay with the bank; the customer's own doings are not listed here.
    expect(JSON.stringify(activity)).not.toContain('Omar');
    expect(activity.data.some((row) => row.event === 'auth.login.success')).toBe(false);
  });

  it('records a support agent opening a customer’s ticket, not the customer opening their own', async () => {
    const erin = await fundedCustomer(app, 0, 'Erin');
    const agent = await staff('support', 'Sue');
    const { ticket } = await erin.caller.support.create(supportQuestion);
    await erin.caller.support.byId({ id: ticket.id });
    await agent.caller.support.byId({ id: ticket.id });
    const activity = await erin.caller.auth.staffActivity();
    expect(activity.data).toEqual([
      expect.objectContaining({
        event: 'staff.viewed_ticket',
        role: 'support',
        kind: 'view',
        reason: null,
      }),
    ]);
  });
});
