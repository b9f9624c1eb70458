// Texts of the company and industry pages (Markdown subset).

export const aboutText = `
## Why StatusLink exists

Small service businesses (tax preparers, law firms, builders, consultants, freelancers) spend a surprising part of every day answering one question: "where is my project?". The answer is almost always already written down, in a spreadsheet the team updates all day. The client just cannot see it.

StatusLink closes that gap. It reads the sheet you already keep and gives each client a branded page where they look up their own project: its status, their place in the queue and a completion date counted in your real working days. You keep working the way you do now; your clients stop waiting on hold.

## What we believe

- **Your sheet stays the source of truth.** No migration, no second system to keep in sync by hand.
- **Dates must be honest.** An estimate that ignores your holidays and your capacity does more harm than no estimate. Ours counts both.
- **Privacy is the default.** A client sees their own card and nothing else; lookups are exact, rate-limited and, if you wish, verified by e-mail. See [security](/security).
- **Nothing pretend.** Every figure in the app is computed from your data. If there is not enough data for a number, we say so.

## Who we build for

Businesses with tens to thousands of active clients and no IT department. If you can keep a spreadsheet, you can run a portal. Read how it fits [your industry](/industries).

## Talk to us

We read every message. [Get in touch](/contact), or explore [open roles](/careers) and [partnerships](/partners).
`;

export const careersText = `
## Working at StatusLink

We are a small team building software for small businesses. We care about plain language, dependable software, and respecting the time of the people who use it, including our own.

## Open positions

We have **no open positions right now**. We would rather say so than collect applications for roles that do not exist.

When we hire, roles are posted on this page first, with the salary range, the location and a description of the interview steps.

## Open applications

If you are a developer, a designer or a customer-support person who would like to help small businesses keep their clients informed, tell us about yourself through the [contact form](/contact) (choose "General question"). We read every message and keep it on file for twelve months, unless you ask us to delete it sooner.

## How we work

- Written first: decisions, trade-offs and plans are written down where everyone can read them.
- Small, reviewed changes, tested in a real browser before they reach customers.
- Customer conversations are everyone's job: every team member answers support questions regularly.
`;

export const partnersText = `
## Partner with StatusLink

Many of our customers are set up by someone they already trust: their accountant, their IT consultant, their practice-management advisor. The partner programme is for those people.

## Implementation partners

Accountants, bookkeepers, consultants and IT service providers who set up portals for their own clients. As a partner you:

- get an account to prepare sheets, branding and workload settings before handing over to your client;
- can use our [guides](/resources/guides) and [templates](/resources/templates) in your own onboarding material;
- have a direct line to our team for set-up questions.

## Integration partners

Makers of practice-management, job-scheduling and CRM software whose users keep client lists we could read. Today StatusLink reads Google Sheets; the [public API](/api/docs) (Business and Enterprise) lets your software read and write a portal's clients and receive signed webhooks; we would like to hear which systems you need it to work with.

## How to apply

Send us a short note through the [contact form](/contact): who you are, who your clients are, and roughly how many businesses you would bring. We reply within 24 business hours.

The programme is new, and we are shaping its terms with our first partners. There is no fee to join.
`;

export const industries: { name: string; text: string; links: { to: string; label: string }[] }[] = [
  {
    name: 'Tax preparers and accountants',
    text: 'Hundreds of returns due at once, and every client asking whether theirs is filed. Use short statuses (documents requested, in progress, in review, ready to sign, filed), urgent priority for imminent deadlines, and verification codes for sensitive work.',
    links: [
      { to: '/resources/case-studies/tax-practice-filing-season', label: 'A tax practice in filing season (illustrative)' },
      { to: '/resources/blog/handling-a-busy-season', label: 'Handling a busy season' },
    ],
  },
  {
    name: 'Law firms',
    text: 'Clients want to know where their matter stands; the firm must reveal nothing to anyone else. Exact lookups, identical "not found" answers, verification codes and neutral procedural statuses keep a portal discreet.',
    links: [{ to: '/resources/blog/law-firms-and-confidentiality', label: 'Status portals and confidentiality' }],
  },
  {
    name: 'Construction and trades',
    text: 'Homeowners want to know when the crew arrives and whether anything is needed from them. Statuses from quote to handover, manual positions for jobs fixed by inspectors, and holidays for the days the crew is off.',
    links: [{ to: '/resources/guides/construction-project-updates', label: 'Updates clients can act on' }],
  },
  {
    name: 'Consultancies and agencies',
    text: 'Many clients, each with a deliverable in the pipeline. The queue position shows clients where they stand without exposing anyone else, and capacity utilisation tells you when to stop promising dates.',
    links: [{ to: '/resources/guides/capacity-working-days-and-holidays', label: 'Capacity, working days and holidays' }],
  },
  {
    name: 'Freelancers and small studios',
    text: 'One person, a waiting list and no time for status e-mails. A single portal on the Starter plan answers "when can you start on mine?" with a real date.',
    links: [{ to: '/resources/guides/connect-your-google-sheet', label: 'Connect your Google Sheet' }],
  },
];

export const caseStudyComposites: { title: string; setting: string; setup: string[]; lesson: string }[] = [
  {
    title: 'A renovation contractor with a six-week waiting list',
    setting: 'A building firm running about 30 jobs at a time from one spreadsheet, with homeowners calling to ask when their job starts.',
    setup: [
      'Eight statuses from "Quote accepted" to "Completed", with "Waiting for your selections" for jobs blocked on the homeowner.',
      'Average duration of 15 working days, a buffer of 4 days, and the firm\u2019s winter shutdown as holidays.',
      'Manual positions for jobs whose start is fixed by a building inspector.',
    ],
    lesson: 'Showing a place in line and a realistic window answered most start-date calls; the buffer kept the dates from slipping.',
  },
  {
    title: 'A two-person consultancy delivering reports',
    setting: 'Consultants producing assessment reports for 60 to 80 small clients a quarter, each asking for updates by e-mail.',
    setup: [
      'Five statuses: Received, Waiting for information, Drafting, In review, Delivered.',
      'Daily capacity 2, average duration 6 working days, notes shown to clients for "Waiting for information".',
      'Private access links sent with each engagement confirmation.',
    ],
    lesson: 'The notes column did the chasing: clients saw exactly what was missing and sent it without being asked twice.',
  },
];
