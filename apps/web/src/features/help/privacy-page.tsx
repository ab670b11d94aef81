import { type BankIdentity, useBank } from '../../lib/bank.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sectionsFor = (bank: BankIdentity): LegalSection[] => [
  {
    heading: '1. What we collect',
    paragraphs: [
      'Your name, e-mail address, phone number, date of birth and postal address; the transactions, cards, linked banks, loans and support tickets you create; and security information such as sign-in times, IP addresses and devices.',
    ],
  },
  {
    heading: '2. Why we use it',
    paragraphs: [
      'To run your account and carry out your payments, to keep your account safe (for example, alerting you to a new sign-in), to meet our legal duties such as fraud prevention and record keeping, and, only if you agree, to send you marketing.',
    ],
  },
  {
    heading: '3. How we protect it',
    paragraphs: [
      'Data is encrypted in transit. Passwords are stored as one-way hashes and card numbers are encrypted; only their last four digits are ever shown. Staff access is limited to what their role needs and is logged.',
    ],
  },
  {
    heading: '4. Sharing',
    paragraphs: [
      'We do not sell your data. We share it only with payment networks and service providers that help us run the bank, under contract, and with authorities where the law requires it.',
    ],
  },
  {
    heading: '5. Your choices and rights',
    paragraphs: [
      'You can update your profile and notification preferences at any time in Account Settings, ask for a copy of your data, or ask us to correct or delete it where the law allows.',
      `Contact our privacy team at ${bank.supportEmail}.`,
    ],
  },
];

export function PrivacyPage() {
  const bank = useBank();
  return (
    <LegalPage title="Privacy Policy" updated="January 1, 2026" sections={sectionsFor(bank)} />
  );
}
