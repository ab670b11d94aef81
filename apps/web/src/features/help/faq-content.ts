import type { BankIdentity } from '../../lib/bank.ts';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** docs/product.md 1 and 2.8: the five Help Center entries. */
export const faqEntriesFor = (bank: BankIdentity): FaqEntry[] => [
  {
    id: 'what-is',
    question: `What is ${bank.name}?`,
    answer: `${bank.name} is an online and mobile banking platform. You can check your balance, move money, manage cards and linked banks, apply for loans and get support from our team, all from your browser or phone, at any time of day.`,
  },
  {
    id: 'sign-up',
    question: 'How do I sign up?',
    answer:
      'Choose "Create a new account" on the sign-in page and fill in your name, e-mail address, phone number, date of birth and a strong password. We then e-mail you a verification link: open it to confirm your address, and you can sign in.',
  },
  {
    id: 'benefits',
    question: `What are the benefits of banking with ${bank.name}?`,
    answer:
      'Instant transfers between customers, deposits and withdrawals without visiting a branch, a clear history of every transaction, real-time notifications, loan applications with a transparent payment schedule, and a support team you can reach by ticket or live chat.',
  },
  {
    id: 'security',
    question: 'Is my money and personal information secure?',
    answer:
      'Yes. All traffic is encrypted, passwords are stored only as strong one-way hashes, card numbers are encrypted and never shown in full, and you can protect your account with two-factor authentication. We alert you about new sign-ins and never ask for your password by e-mail or phone.',
  },
  {
    id: 'contact',
    question: 'How do I contact customer support?',
    answer: `Signed-in customers can open a support ticket and chat with an agent from the Support section. You can also e-mail ${bank.supportEmail} or call ${bank.supportPhone}, available 24 hours a day, 7 days a week.`,
  },
];
