// The privacy policy, terms of service and security page (Markdown subset). /privacy-policy and
// /terms-of-service render the same documents as /privacy and /terms.

export const LEGAL_UPDATED = '2026-04-01';

export const privacyPolicy = `
This policy explains what personal data StatusLink processes, why, and what choices you have. It covers our website, the business admin app and the client portals we host. Questions: [contact us](/contact) or write to privacy@statuslink.app.

## Two kinds of data, two roles

- **Account data** of the businesses that sign up (you, as a business owner): we decide how it is used, so we are its **controller**.
- **Client data** that a business connects from its spreadsheet (its own clients' names, e-mail addresses, statuses, dates and notes): the business decides what goes in the sheet and who may see it. For that data the business is the controller and we are its **processor**, acting only on its instructions.

## What we collect

**From businesses:** company name, owner name, e-mail address, phone number, chosen plan, time zone, a password (stored only as a salted hash, never in readable form), and the settings you make in the app: sheet address and column mapping, portal branding, workload settings.

**From your spreadsheet:** the columns you map (client id, name, e-mail, status, priority, due date, notes) and, for each client, the raw row so the app can show it back to you.

**From portal visitors:** the search they type (an e-mail address or full name), the time, and their IP address, used to answer the search, to count searches against the business's plan, and to rate-limit abuse. If a business requires verification, we send the code to the e-mail address entered.

**From website visitors:** messages sent through the contact form (name, e-mail, optional company and phone, the message and its topic) and e-mail addresses left on a coming-soon waitlist.

**Technical data:** server logs with IP address, request path, time and a request id, kept for security and troubleshooting.

## Cookies and local storage

We set one essential cookie when you sign in: a session cookie, marked HttpOnly so scripts cannot read it, and Secure on HTTPS. We do not use advertising or third-party tracking cookies. Your light or dark mode choice is kept in your browser's local storage and never sent to us.

## Why we use it

- To provide the service: accounts, syncing your sheet, answering portal searches, computing queue positions and estimates.
- To keep it secure: rate limits, audit records of sign-ins and administrative actions, abuse prevention.
- To communicate: transactional e-mails (password reset, verification codes, plan usage warnings) and replies to your messages.
- To bill and to meet legal obligations.

We do not sell personal data and we do not use client data for any purpose of our own.

## Who else sees it

Only the service providers we need to run StatusLink (hosting, database, e-mail delivery), bound by contract to the same protections, and authorities where the law requires it. Google processes your sheet under your own Google account's terms when we read it.

## How long we keep it

Account and client data for as long as your account is open; after you close it, we delete it within 30 days, except records we must keep for accounting. Contact-form messages and waitlist entries for up to 24 months. Server logs for up to 90 days.

## Your rights

You can ask to see, correct, export or delete your personal data, and object to or restrict how we use it. Business owners can change most account data in the app. A business's clients should contact that business first; we will help the business answer. You may also complain to your local data protection authority.

## Security

See our [security page](/security) for how the service protects data.

## Changes

If we change this policy in a way that matters, we will tell account holders by e-mail before the change takes effect.
`;

export const termsOfService = `
These terms govern your use of StatusLink. By creating an account you agree to them on behalf of your business. If something here is unclear, [ask us](/contact) before you sign up.

## 1. The service

StatusLink reads a spreadsheet you connect and publishes client status portals from it: each of your clients can look up their own project's status, queue position and estimated completion date. We host the admin app, the portals and the data needed to run them.

## 2. Your account

- You must give accurate sign-up details and keep your password to yourself. You are responsible for what happens under your account.
- One account belongs to one business. Tell us at once if you think someone else has used it.
- You must be at least 18 and able to agree to these terms for your business.

## 3. Free trial and plans

- Every plan starts with a free trial (14 days unless we announce otherwise), with no card required.
- Plans differ in the number of portals and monthly searches, as listed on the [pricing page](/pricing). Yearly billing is 20% off the monthly price.
- If you exceed your plan's searches, we warn you; we do not cut off your clients mid-month, but we may ask you to move to a plan that fits your usage.
- Prices may change with at least 30 days' notice; changes apply from your next billing period.

## 4. Your data

- You own the data in your sheet and your account. We use it only to provide the service to you, as described in our [privacy policy](/privacy).
- You are responsible for having the right to put your clients' data in the sheet and to show it to them through a portal, and for what you write in visible columns.
- You can export or delete your data at any time. When you close your account, we delete it as our privacy policy describes.

## 5. Acceptable use

You may not use StatusLink to:

- publish content that is unlawful, deceptive, or infringes anyone's rights;
- send spam or collect data about people who are not your clients;
- probe, overload or work around the service's security or rate limits;
- resell the service without a written agreement with us.

We may suspend an account that breaks these rules, and will tell you why unless the law prevents it.

## 6. Availability and changes

We work to keep the service available and fast, but do not promise it will never be interrupted. We may improve and change features; we will not remove a core feature of your plan during a paid period without notice and a fair remedy.

## 7. Ending the agreement

You can close your account at any time. We may end the agreement with 30 days' notice, or at once for a serious breach of these terms. Sections on data, liability and governing law survive the end of the agreement.

## 8. Liability

The service is provided as it is. To the extent the law allows, neither party is liable for indirect or consequential losses, and our total liability in any twelve months is limited to the fees you paid us in that period. Nothing here limits liability that cannot be limited by law.

## 9. Governing law

These terms are governed by the laws of the Commonwealth of Pennsylvania, United States, without regard to its conflict of law rules.

## 10. Changes to these terms

We will give account holders at least 30 days' notice by e-mail of any material change. Continuing to use StatusLink after that means you accept the new terms.
`;

export const securityPage = `
Your client list is the most sensitive thing you give us. These are the controls that protect it, as they are built into StatusLink today.

## Accounts and sign-in

- **Passwords are never stored.** We keep only a salted, slow hash (scrypt). Passwords must meet the platform's length and character rules and may not be on a list of commonly used passwords.
- **Repeated failures slow attackers down.** After 10 failed sign-ins in 15 minutes an account is temporarily locked, and sign-in, sign-up and password-reset requests are rate-limited per IP address.
- **Password reset links** work once and expire after an hour; reset e-mails have a per-address cooldown and an hourly cap, and the answer never reveals whether an address has an account.
- **Sessions live in an HttpOnly cookie** that page scripts cannot read, marked Secure on HTTPS. Sessions expire (24 hours for businesses, 8 hours for platform operators, by default). Signing out ends every session of the account; changing the password ends all the others.

## The client portal

- **Exact-match lookups only.** A client finds their card by their exact e-mail address (ignoring case and surrounding spaces) or their exact full name, never by a partial match. If two clients share a name, the portal asks for the e-mail instead.
- **Nothing to learn from a miss.** "No project found" reads the same whatever the reason.
- **Rate limits** per visitor and per portal stop bulk guessing, with a clear "try again later" answer.
- **Optional verification**: a 6-digit code sent by e-mail, valid for 10 minutes and 5 tries, before a card is shown.
- **Private access links** carry at least 128 random bits, and the business can rotate or revoke them at any time.
- **Minimal answers.** A portal response carries one client's card, with only the fields the business chose to show. The full client list is never sent to any browser except the business's own admin app.

## The application

- **Every query of business data is scoped on the server** to the business of the signed-in session, never to an id sent by the browser.
- **Strict Content Security Policy**: pages may only run scripts served by StatusLink itself (script-src 'self', no inline scripts), may not be framed by other sites, and plugins are disabled.
- **Cross-site request protection**: any request that changes data must come from our own origin and carry JSON; plain form posts from other sites are refused.
- **Other headers**: HSTS on HTTPS, no MIME sniffing, a strict referrer policy (and none at all on the password-reset page).
- **Errors never leak internals.** Every error has the same shape with a plain message; details go only to our logs.
- **Audit trail.** Sign-ins, failed sign-ins, password changes and administrative actions are recorded, and a platform operator acting as a business is recorded as such.

## Operations

- Data is stored in PostgreSQL; database changes are applied by reviewed, versioned migrations.
- Operator access to the back office requires the administrator role and a shorter session.
- E-mail is sent over SMTP from our own service; links in e-mails point only to our own address.

## Reporting a vulnerability

If you believe you have found a security problem, write to security@statuslink.app with the steps to reproduce it. Please give us a reasonable time to fix it before making it public. We do not take legal action against good-faith research that respects our users' privacy.
`;
