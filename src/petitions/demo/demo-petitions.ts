import type { ResponseStates } from '../petition/response-states';

/**
 * The demo petitions: one or more in every status, some overdue, dated back from the day the platform first
 * starts (days ago). Requestors are the notification service's demo persons (2000000000011 has an e-mail and
 * a cabinet) and its demo company; demo-institution (1003600000003) is the authority of most, a made-up
 * town hall (1007600000021) of the rest.
 */
export const DEMO_AUTHORITY = '1003600000003';
export const DEMO_TOWN_HALL = '1007600000021';

export type DemoStep =
  | { step: 'register'; daysAgo: number; responsible: string }
  | { step: 'extend'; daysAgo: number; days: number; exceptional?: boolean }
  | { step: 'redirect'; daysAgo: number; to: string }
  | { step: 'close'; daysAgo: number; outcome: Partial<ResponseStates> }
  | { step: 'withdraw' | 'hide'; daysAgo: number };

export type DemoPetition = {
  key: string;
  requestor: { idn: string; name: string };
  authorityIdno: string;
  subject: string;
  text: string;
  filedDaysAgo: number;
  attachment?: string;
  steps: DemoStep[];
};

const ION = { idn: '2000000000011', name: 'Ion Popescu' };
const MARIA = { idn: '2000000000022', name: 'Maria Rusu' };
const ANDREI = { idn: '2000000000033', name: 'Andrei Ceban' };
const ELENA = { idn: '2000000000044', name: 'Elena Lungu' };
const COMPANY = { idn: '1003600000010', name: 'SRL Demo Construct' };
const OFFICER = '2000000000055';
const OFFICER_ELENA = '2000000000044';

export const DEMO_PETITIONS: DemoPetition[] = [
  {
    key: 'submitted',
    requestor: ION,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Programul ghișeului de pașapoarte',
    text: 'Solicit extinderea programului ghișeului de pașapoarte în zilele de sâmbătă.',
    filedDaysAgo: 0,
    attachment: 'Semnături colectate de locatarii blocului 12.',
    steps: [],
  },
  {
    key: 'registration-overdue',
    requestor: MARIA,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Copie de pe certificatul de naștere',
    text: 'Solicit eliberarea unei copii de pe certificatul de naștere al fiului meu.',
    filedDaysAgo: 9,
    steps: [],
  },
  {
    key: 'in-progress',
    requestor: ION,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Reparația trotuarului',
    text: 'Trotuarul de pe strada Mihai Eminescu 5 este deteriorat și periculos pentru pietoni.',
    filedDaysAgo: 11,
    steps: [{ step: 'register', daysAgo: 10, responsible: OFFICER }],
  },
  {
    key: 'deadline-near',
    requestor: ANDREI,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Transparența achizițiilor',
    text: 'Solicit lista contractelor de achiziții publice încheiate în anul curent.',
    filedDaysAgo: 29,
    steps: [{ step: 'register', daysAgo: 28, responsible: OFFICER_ELENA }],
  },
  {
    key: 'answer-overdue',
    requestor: ION,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Iluminatul stradal',
    text: 'Iluminatul stradal din cartierul Telecentru nu funcționează de două luni.',
    filedDaysAgo: 45,
    steps: [{ step: 'register', daysAgo: 44, responsible: OFFICER_ELENA }],
  },
  {
    key: 'extended',
    requestor: ELENA,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Verificarea facturilor la încălzire',
    text: 'Solicit verificarea modului de calcul al facturilor la încălzire pentru blocul 7.',
    filedDaysAgo: 26,
    steps: [
      { step: 'register', daysAgo: 25, responsible: OFFICER },
      { step: 'extend', daysAgo: 5, days: 15 },
    ],
  },
  {
    key: 'organization',
    requestor: COMPANY,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Autorizația de construire',
    text: 'Solicităm informații despre stadiul examinării cererii de autorizare a construcției.',
    filedDaysAgo: 6,
    steps: [{ step: 'register', daysAgo: 5, responsible: OFFICER }],
  },
  {
    key: 'completed',
    requestor: ION,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Indicatorul rutier lipsă',
    text: 'La intersecția străzilor Ismail și București lipsește indicatorul de cedare a trecerii.',
    filedDaysAgo: 40,
    steps: [
      { step: 'register', daysAgo: 39, responsible: OFFICER },
      { step: 'close', daysAgo: 20, outcome: { satisfactionState: 'Full' } },
    ],
  },
  {
    key: 'rejected',
    requestor: MARIA,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Scutirea de taxă',
    text: 'Solicit scutirea de taxa pentru eliberarea buletinului de identitate.',
    filedDaysAgo: 35,
    steps: [
      { step: 'register', daysAgo: 34, responsible: OFFICER },
      { step: 'close', daysAgo: 12, outcome: { rejectionState: 'Full' } },
    ],
  },
  {
    key: 'hidden',
    requestor: ANDREI,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Orarul transportului public',
    text: 'Propun suplimentarea curselor de autobuz pe ruta 30 în orele de vârf.',
    filedDaysAgo: 50,
    steps: [
      { step: 'register', daysAgo: 49, responsible: OFFICER },
      { step: 'close', daysAgo: 30, outcome: { satisfactionState: 'Partial', refuseState: 'Partial' } },
      { step: 'hide', daysAgo: 2 },
    ],
  },
  {
    key: 'withdrawn',
    requestor: ELENA,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Zgomot pe timp de noapte',
    text: 'Un local din vecinătate produce zgomot după ora 23:00.',
    filedDaysAgo: 3,
    steps: [{ step: 'withdraw', daysAgo: 2 }],
  },
  {
    key: 'redirected',
    requestor: ION,
    authorityIdno: DEMO_AUTHORITY,
    subject: 'Salubrizarea parcului',
    text: 'Parcul din sectorul Botanica nu a fost salubrizat după festival.',
    filedDaysAgo: 8,
    steps: [{ step: 'redirect', daysAgo: 7, to: DEMO_TOWN_HALL }],
  },
];
