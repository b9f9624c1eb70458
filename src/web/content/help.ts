// The help centre's questions and answers, grouped by topic.

export interface HelpTopic {
  id: string;
  title: string;
  items: { q: string; a: string }[];
}

export const helpTopics: HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        q: 'What do I need to start?',
        a: 'A Google Sheet with one row per client and headings in the first row, including at least a name, an e-mail address and a status column. Sign up, connect the sheet, and your first portal is ready in minutes.',
      },
      {
        q: 'Is there a free trial?',
        a: 'Yes. Every plan starts with a 14-day free trial and no card is required. You choose the plan at sign-up and can change it later.',
      },
      {
        q: 'Do my clients need an account?',
        a: 'No. They open your portal link and look up their project with their e-mail address or full name, or open the personal access link you send them.',
      },
    ],
  },
  {
    id: 'sheets',
    title: 'Your Google Sheet',
    items: [
      {
        q: 'Why does the analysis say "Failed to access spreadsheet"?',
        a: 'The sheet must be shared as "Anyone with the link can view". Also check that you pasted the full address of the right file and that the first row holds the headings. Then refresh and try again.',
      },
      {
        q: 'Which columns are required?',
        a: 'Name, e-mail and status. Priority, due date, client id and notes are optional. Without a priority column, clients will not see a queue position.',
      },
      {
        q: 'Some clients are missing from the portal. Why?',
        a: 'Rows without an e-mail address are left out, because clients look themselves up with it. Add the address in the sheet and the client appears after the next sync.',
      },
      {
        q: 'Does StatusLink change my sheet?',
        a: 'No. It only reads the sheet. Everything you set in the app (branding, workload, manual positions) is stored in StatusLink, not in the sheet.',
      },
    ],
  },
  {
    id: 'portal',
    title: 'Portal and sharing',
    items: [
      {
        q: 'A client says the portal cannot find them.',
        a: 'Lookups are exact: the e-mail address as it is in the sheet (capital letters and spaces around it do not matter) or the full name exactly as written. Check the sheet for typos, or send the client their personal access link.',
      },
      {
        q: 'What is the difference between the portal link and a personal link?',
        a: 'The portal link is the same for everyone; clients search on it. A personal access link opens one client\u2019s card directly and skips verification. Send personal links only to that client, and rotate or revoke one if it is forwarded.',
      },
      {
        q: 'Can I hide the notes or the estimated date?',
        a: 'Yes. In the portal configurator choose whether clients see the estimated completion, the priority and the notes.',
      },
      {
        q: 'How do verification codes work?',
        a: 'With "Require verification" on, the portal e-mails a 6-digit code before showing a card. It is valid for 10 minutes and 5 tries. Personal access links skip it.',
      },
    ],
  },
  {
    id: 'queue',
    title: 'Queue positions and estimates',
    items: [
      {
        q: 'How is the queue position decided?',
        a: 'Active clients (not completed or cancelled) are ordered by manual position, then priority, then status (urgent, in progress, in review), then due date, then row order. Positions run from 1 without gaps.',
      },
      {
        q: 'How is the estimated completion date calculated?',
        a: 'The wait to start (projects ahead divided by your daily capacity, rounded up), plus your average project duration times the priority multiplier, plus buffer days, counted in your working days and skipping holidays.',
      },
      {
        q: 'Why did a client\u2019s date move?',
        a: 'Because something ahead changed: urgent work arrived, a manual position was set, capacity or holidays changed, or the client\u2019s priority changed. Dates always reflect the current queue.',
      },
      {
        q: 'Can I put one client first?',
        a: 'Yes: set a manual position for that client in the app. It wins over priority and status until you clear it.',
      },
    ],
  },
  {
    id: 'account',
    title: 'Account and plans',
    items: [
      {
        q: 'What counts as a search?',
        a: 'One client looking up their project in a portal. You are warned at 80% and 100% of your plan\u2019s monthly searches; clients are never cut off mid-month.',
      },
      {
        q: 'I forgot my password.',
        a: 'Use "Forgot password" on the login page. The reset link arrives by e-mail, works once and expires after an hour.',
      },
      {
        q: 'Can I use my own domain?',
        a: 'Yes, on the Business and Enterprise plans, with HTTPS and without StatusLink branding.',
      },
    ],
  },
];
