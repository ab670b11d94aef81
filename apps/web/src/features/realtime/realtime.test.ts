import { describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs } from '../../lib/trpc.ts';
import { createConnectionMonitor } from './connection-monitor.ts';
import { parseAppEvent } from './event-schema.ts';
import { effectsOf } from './events.ts';

describe('connection monitor', () => {
  it('gives up after five consecutive failed attempts, once', () => {
    const onGiveUp = vi.fn();
    const monitor = createConnectionMonitor({ onGiveUp });
    for (let i = 0; i < 4; i += 1) monitor.onClose();
    expect(onGiveUp).not.toHaveBeenCalled();
    monitor.onClose();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    monitor.onClose();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a successful connection', () => {
    const onGiveUp = vi.fn();
    const monitor = createConnectionMonitor({ onGiveUp });
    for (let i = 0; i < 4; i += 1) monitor.onClose();
    monitor.onOpen();
    monitor.onClose(); // the open connection dropping is not a failed attempt
    expect(monitor.failures).toBe(0);
    for (let i = 0; i < 4; i += 1) monitor.onClose();
    expect(onGiveUp).not.toHaveBeenCalled();
    monitor.onClose();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('reports every open after the first as a reconnect (events may have been missed)', () => {
    const onReconnect = vi.fn();
    const monitor = createConnectionMonitor({ onGiveUp: () => {}, onReconnect });
    monitor.onOpen();
    expect(onReconnect).not.toHaveBeenCalled();
    monitor.onClose();
    monitor.onClose(); // a failed attempt in between
    monitor.onOpen();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('waits 1000 ms, doubling up to 5000 ms', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

/** What the app does on `raw`, an event as the socket delivers it (which must parse). */
function effectsOfRaw(raw: unknown) {
  const event = parseAppEvent(raw);
  if (!event) throw new Error('event did not parse');
  return effectsOf(event);
}

/** The effects of a new movement with `data` (the server's `transaction:new`). */
function effectsOfMovement(data: Record<string, unknown>) {
  return effectsOfRaw({ type: 'transaction:new', data });
}

describe('realtime events', () => {
  it('announces money received and sent, and refreshes data', () => {
    expect(
      effectsOfMovement({ amount: 1250.5, direction: 'credit', newBalance: 2000 }),
    ).toMatchObject({
      notification: { type: 'success', message: 'Received $1,250.50' },
      invalidate: true,
    });
    expect(effectsOfMovement({ amount: 20, direction: 'debit', newBalance: 1980 })).toMatchObject({
      notification: { type: 'info', message: 'Sent $20.00' },
    });
  });

  it('tells both customers of a reversal that it is one', () => {
    const back = effectsOfMovement({
      type: 'reversal',
      amount: 1500,
      direction: 'credit',
      newBalance: 2000,
    });
    const taken = effectsOfMovement({
      type: 'reversal',
      amount: 1500,
      direction: 'debit',
      newBalance: 0,
    });
    expect(back.notification).toEqual({
      type: 'success',
      message: '$1,500.00 came back to you by a reversal',
    });
    expect(taken.notification).toEqual({
      type: 'warning',
      message: '$1,500.00 was taken back by a reversal',
    });
  });

  it('refreshes a loan officer’s screens quietly when a customer edits an application', () => {
    const edited = effectsOfRaw({
      type: 'loan:updated',
      data: { loanId: '0193a7c2-0000-7000-8000-00000000000a', version: 2 },
    });
    expect(edited).toEqual({ notification: null, invalidate: true });
  });

  it('leaves a movement the customer made to the screen that made it: one toast per action', () => {
    const own = [
      { type: 'deposit', direction: 'credit' },
      { type: 'withdraw', direction: 'debit' },
      { type: 'transfer', direction: 'debit' },
      { type: 'loan_repayment', direction: 'debit' },
    ];
    for (const data of own) {
      expect(effectsOfMovement({ ...data, amount: 500, newBalance: 900 })).toMatchObject({
        notification: null,
        invalidate: true,
        money: { newBalance: 900 },
      });
    }
    const received = effectsOfMovement({
      type: 'transfer',
      direction: 'credit',
      amount: 500,
      newBalance: 900,
    });
    expect(received.notification).toEqual({
      type: 'success',
      message: 'Received $500.00',
    });
  });

  it('says who paid: Received $42.10 from Bob Rivera', () => {
    const received = effectsOfMovement({
      type: 'transfer',
      direction: 'credit',
      amount: 42.1,
      newBalance: 142.1,
      counterparty: { name: 'Bob Rivera', accountNumber: '4321', bank: null, routingNumber: null },
    });
    expect(received.notification).toEqual({
      type: 'success',
      message: 'Received $42.10 from Bob Rivera',
    });
  });

  it('stays quiet when the customer turned transaction notifications off', () => {
    const silent = effectsOfMovement({
      amount: 20,
      direction: 'credit',
      newBalance: 120,
      notify: false,
    });
    const settled = effectsOfRaw({
      type: 'transaction:updated',
      data: { transactionId: 't1', status: 'completed' },
    });
    expect(silent).toEqual({
      notification: null,
      invalidate: true,
      money: { newBalance: 120 },
    });
    expect(settled).toEqual({
      notification: null,
      invalidate: true,
      money: { newBalance: null },
    });
  });

  it('tells the sender when an external transfer failed and its money came back', () => {
    const failed = effectsOfRaw({
      type: 'transaction:updated',
      data: {
        transactionId: 't2',
        type: 'transfer',
        status: 'failed',
        amount: 75,
        notify: true,
        newBalance: 300,
      },
    });
    expect(failed).toEqual({
      notification: {
        type: 'error',
        message: 'Transfer of $75.00 failed; the money is back in your account',
      },
      invalidate: true,
      money: { newBalance: 300 },
    });
  });

  it('shows sign-ins, loan decisions, maintenance and system errors', () => {
    const effect = (value: unknown) => effectsOfRaw(value).notification;
    expect(
      effect({ type: 'security:signin', data: { at: 'x', ip: null, userAgent: null } }),
    ).toEqual({
      type: 'info',
      message: 'New sign-in to your account',
    });
    expect(effect({ type: 'loan:status', data: { loanId: 'l1', status: 'approved' } })?.type).toBe(
      'success',
    );
    // A dispute staff moved on is said; the customer's own report is not said twice.
    const dispute = (status: string) =>
      effect({
        type: 'dispute:status',
        data: { disputeId: 'd1', transactionId: 't1', status, title: 'Title', message: 'More' },
      });
    expect(dispute('provisional_credit')).toEqual({
      type: 'info',
      title: 'Title',
      message: 'More',
    });
    expect(dispute('submitted')).toBeNull();
    expect(effect({ type: 'loan:status', data: { loanId: 'l1', status: 'rejected' } })?.type).toBe(
      'error',
    );
    const loan = (data: Record<string, unknown>) =>
      effect({ type: 'loan:status', data: { loanId: 'l1', ...data } });
    expect(loan({ status: 'rejected', reason: 'Income too low' })).toEqual({
      type: 'error',
      message: 'Your loan application was rejected: Income too low',
    });
    expect(loan({ status: 'approved', overdue: true })).toEqual({
      type: 'warning',
      message: 'A loan payment is overdue',
    });
    expect(loan({ status: 'completed' })).toEqual({
      type: 'success',
      message: 'Your loan is paid off',
    });
    expect(loan({ status: 'defaulted' })?.type).toBe('error');
    const maintenance = effect({
      type: 'system:maintenance',
      data: { message: 'Down at 2am', infoUrl: 'https://status.example/x' },
    });
    expect(maintenance).toMatchObject({
      duration: 0,
      message: 'Down at 2am',
      action: { label: 'Learn More' },
    });
    expect(effect({ type: 'system:error', data: { message: 'Oops' } })).toEqual({
      type: 'error',
      title: 'System Error',
      message: 'Oops',
    });
  });

  it('ignores events it does not know', () => {
    expect(parseAppEvent({ type: 'something:else', data: {} })).toBeNull();
  });
});
