// The text of each resource (Markdown subset, see features/marketing/components/markdown.tsx), by slug.
// Written for this product: every setting and rule named here is one the app has.

export const resourceArticles: Record<string, string> = {
  'connect-your-google-sheet': `
Most businesses already track their clients in a spreadsheet: one row per client, a column for the status, maybe one for priority and a due date. StatusLink reads that sheet as it is. This guide takes you from a sheet to a working portal in about ten minutes.

## Before you start

Open your sheet and check three things:

- **The first row holds the column headings.** Row 1 is read as headings, every row below as one client.
- **Every client has an e-mail address.** Clients look themselves up with it, so rows without an e-mail are left out of the portal (they stay in your sheet, untouched).
- **There is a status column.** Any wording works, but short, consistent words work best; see [Choosing status words your clients understand](/resources/guides/status-words-clients-understand).

No sheet yet? Start from our [client status sheet template](/resources/templates/client-status-sheet-template): import the CSV into a new Google Sheet and replace the sample rows.

## 1. Share the sheet so it can be read

In Google Sheets, choose **Share**, then under General access pick **Anyone with the link** and leave the role at **Viewer**. StatusLink only reads the sheet; it never edits it. Your client list is shown only inside your own admin app; each client sees nothing but their own card.

## 2. Paste the link

Sign in, open **Google Sheets** in the app (or go to [the set-up page](/app/setup)) and choose **Import from an existing sheet**. Paste the address from your browser's address bar. It looks like https://docs.google.com/spreadsheets/d/ followed by a long id. If the address is not a Google Sheets link you will see "Please enter a valid Google Sheets URL" and the button stays disabled.

## 3. Check the detected columns

StatusLink reads the headings and suggests which column is which. It looks for:

- an **e-mail** column (required: clients look themselves up with it),
- a **name** column (required),
- a **status** column (required),
- a **priority** column (optional, but without it clients will not see a queue position),
- a **due date** column and a **notes** column (optional).

The confidence score adds 40 points for a found e-mail column, 30 for a name and 30 for a status. Green (above 80) means the three required columns were found. If a column was missed, pick it from the list yourself: **Finalize Setup** becomes available as soon as name, e-mail and status each have a column.

## 4. If the analysis fails

"Analysis Failed" almost always means one of four things:

1. The sheet is not shared as "Anyone with the link can view".
2. The link points to a different file, or was copied incompletely.
3. The first row is empty or holds data instead of headings.
4. Google was briefly unreachable: refresh and try again.

## 5. Publish and test

Finish the set-up, then open your portal from the app and look yourself up with an e-mail from the sheet. What you see is exactly what that client will see. Next: [brand your portal](/resources/guides/branding-your-portal) and [share the link](/resources/guides/sharing-portal-links).

> Changes to the sheet reach the portal at the next sync. You keep working in the sheet exactly as before.
`,

  'client-status-sheet-template': `
This template is the quickest way to a sheet StatusLink reads perfectly. It has the seven columns the portal understands, in this order, and five sample rows that show the kinds of values each column takes.

## The columns

- **Client ID**: your own reference (C001, a file number, a job number). Optional; when empty, the row number is used.
- **Client Name**: the name clients can search by. Use the full name as the client would type it.
- **Email Address**: required. Clients look themselves up with it, and rows without one are not shown in the portal.
- **Status**: what is happening now, in words the client understands, such as In Progress, Pending, Review or Completed.
- **Priority**: High, Medium, Low, Urgent or Normal, or a number where 1 is most urgent. It decides the queue order.
- **Due Date**: the date you promised, written as 2026-03-15. It is shown beside the estimate and breaks ties in the queue.
- **Notes**: one short line the client may see (you choose in the portal settings whether notes are shown).

## How to use it

1. Download the CSV with the button on this page.
2. In Google Sheets choose **File**, **Import**, **Upload**, and pick the file. Choose "Replace spreadsheet".
3. Delete the five sample rows and add your clients.
4. Share the sheet as "Anyone with the link can view" and connect it as described in [Connect your Google Sheet in ten minutes](/resources/guides/connect-your-google-sheet).

You can add more columns of your own anywhere to the right. StatusLink only reads the columns you map.

> The sample names and addresses are fictional (example.com addresses). Replace them before sharing the portal.
`,

  'status-words-clients-understand': `
Your status column was probably written for your team: "W/F docs", "2nd rev", "pending AR". A client reading it alone at 9 pm will not know what it means, and will call you in the morning. The status is the first thing they see, so it deserves a few minutes of thought.

## Use five to seven statuses, not twenty

Each status should answer one question: **what happens next, and who has to act?** A good set for most service businesses:

- **Received**: we have your request and it is in the queue.
- **Waiting for you**: we need something from you before we can continue. Put what you need in the notes.
- **In Progress**: someone is working on it now.
- **In Review**: the work is done and being checked.
- **Completed**: finished and delivered.
- **On Hold**: paused, for a reason given in the notes.

## How the portal reads status words

The portal understands your wording without any set-up, by looking for key words anywhere in the status (capital letters do not matter):

- contains **complete**, **done** or **finished**: counted as completed, shown in green, and the client sees "Completed" instead of a queue position;
- contains **progress**, **working** or **active**: in progress, shown in blue;
- contains **pending**, **queue** or **waiting**: pending, shown in yellow;
- contains **review**: shown in purple;
- contains **cancel**: the project leaves the queue, and no position or date is shown.

Anything else is shown as written in a neutral grey badge and stays in the queue. An empty cell reads "Status Unknown", so fill it in.

## Words to avoid

- **Internal codes** ("AR", "QC2", "W/F"). Spell them out.
- **Blame** ("Client late", "Missing docs!!"). Say what is needed instead: "Waiting for your signed engagement letter".
- **Vague progress** ("Almost there"). Clients read it as "tomorrow". Let the estimated completion date speak.

## Changing wording on a live portal

You can rename statuses in the sheet at any time; the portal shows the new words after the next sync. Do it in one go for all rows, so two clients in the same situation never see different words.
`,

  'capacity-working-days-and-holidays': `
The estimated completion date is the number clients look at most, so it has to be one you can keep. StatusLink calculates it from four workload settings and the client's place in the queue. Open **Workload** in the app to set them.

## The four settings

- **Average project duration** (1 to 365 days, default 14): how many working days a typical project takes from start to finish.
- **Daily capacity** (1 to 20, default 3): how many projects your team starts per working day. This is the setting that matters most.
- **Buffer days** (0 to 30, default 2): a safety margin added to every estimate.
- **Working days and holidays**: the weekdays you work (Monday to Friday by default) and the dates you are closed. Estimates never land on a day off.

The priority classes can also move work faster or slower: by default high-priority work takes 0.8 times the average duration, medium 1.0 and low 1.2 (each adjustable from 0.5 to 2.0).

## How the date is calculated

For a client at queue position P:

1. Wait to start: P minus 1 projects are ahead, and your team starts "daily capacity" of them each day, so the wait is (P - 1) / daily capacity days, rounded up.
2. Work: the average duration times the client's priority multiplier, rounded.
3. Margin: plus the buffer days.

The total is counted forward in **working days** from today in your time zone, skipping weekends you do not work and your holidays.

**Example.** Daily capacity 3, average duration 14 days, buffer 2 days. A medium-priority client at position 7 waits (7 - 1) / 3 = 2 days, then 14 days of work, plus 2 buffer days: the 18th working day from today. With Christmas Day and New Year's Day on the holiday list, an estimate that crosses them moves two days later.

## Setting capacity honestly

Count what you **finished** in the last month, not what you hoped to: if you closed 45 projects in 20 working days, your capacity is about 2. Setting it too high is the most common reason clients see a date slip.

## Reading the utilisation gauge

Capacity utilisation compares your active projects with a week of capacity (five working days times daily capacity). Above 80% it turns yellow; above 100% it turns red: you have more work in the queue than your team can start in a week, and new estimates will keep moving out. That is the moment to raise capacity, push back a deadline, or say no.

## Holidays

Add each closed day as a date. The list is kept in order, and a date already on the list is not added twice. Remember regional holidays and the week you close in summer; one missing holiday shifts every estimate that crosses it.
`,

  'sharing-portal-links': `
A portal only reduces calls if clients know it exists. There are three kinds of link, each with its place.

## The general portal link

The address of your portal, the same for everyone. Clients open it and look themselves up with their e-mail address or their full name. The match is exact: "J Smith" will not find "John Smith", and a partial e-mail finds nothing. That protects your clients' privacy: nobody can browse the list by guessing letters.

Put the general link where every client sees it: your e-mail signature, invoices, your website's menu, the footer of every engagement letter.

## The personalised link

The general link with the client's e-mail filled in (it ends in ?email= and the address). It opens straight on the search for that client. Convenient in a one-to-one e-mail; do not use it in a group e-mail.

## The private access link

Each client also has an unguessable personal access link. It opens their card directly, without typing anything, and it skips verification codes if you use them. Because anyone holding the link can see that card, treat it like a key:

- send it only to the client, in a one-to-one message;
- if a client forwards it by mistake, or leaves, **rotate** it (the old link stops working at once) or **revoke** it.

## When to send what

1. **Launch**: send existing clients the general link with a short explanation. Our [announcement e-mail templates](/resources/templates/client-announcement-emails) have one ready to copy.
2. **New clients**: include their private access link in your welcome e-mail.
3. **When someone calls for a status anyway**: answer kindly, then send the general link "for next time".

> If two clients share the same full name, a search by name asks for the e-mail address instead, so neither sees the other's project.
`,

  'priority-columns-and-queue-order': `
Clients see a queue position: "you are number 4". This guide explains where that number comes from and how to influence it.

## What the priority column may contain

- **A number**: used as written. 1 is more urgent than 2.
- **A word**: urgent counts as 0, high as 1, medium or normal as 3, low as 6.
- **Empty or anything else**: counts as 999, the back of the line.

From that number each client also gets a priority class: up to 2 is high, up to 5 is medium, above 5 is low. The class picks the duration multiplier used in the [completion estimate](/resources/guides/capacity-working-days-and-holidays).

## How the queue is ordered

Only **active** clients are in the queue: not completed and not cancelled. They are ordered by, in turn:

1. a **manual position** you set in the app (lowest first; clients without one come after),
2. the **priority number** (lowest first),
3. the **status**: urgent or high-priority statuses first, then work in progress, then work in review, then everything else,
4. the **due date** from the sheet (earliest first; no date goes last),
5. the **row order** in the sheet.

Positions run 1, 2, 3 and so on without gaps or ties. When a project is completed, everyone behind it moves up at the next sync.

## Moving one client ahead

Sometimes a client must jump the line: a court date, a permit inspection, a favour. Rather than inventing a priority of -1 in the sheet, set a **manual position** for that client in the app. It wins over everything else and is kept until you clear it.

## Common surprises

- **"Why is a low-priority client ahead of a high one?"** Check for manual positions first, then whether the priority cell holds a stray space or text like "hi".
- **"Everyone is at the back."** The priority column is not mapped, or holds words the portal does not know. Map it during set-up, or use numbers.
- **"The position jumped by five overnight."** Several projects ahead were completed, or new urgent work arrived. That is the queue doing its job.
`,

  'verification-for-private-portals': `
By default, anyone who types a client's exact e-mail address or full name sees that client's status card. For most businesses that is the right balance. If your statuses are sensitive (legal matters, medical paperwork, finances), turn on **Require verification**.

## What changes for your clients

1. The client enters their e-mail address as usual.
2. The portal e-mails them a **6-digit code**.
3. They type the code and their card appears.

A code is valid for **10 minutes** and allows **5 tries**. After that, the client simply asks for a new one. Clients who open their **private access link** skip the code: the link itself proves who they are.

## What does not change

- The answer to a search never reveals whether an address is on your list. "No project found" reads the same whether the address is unknown or the code was never requested.
- Searches are rate-limited per visitor and per portal, so nobody can try thousands of addresses.
- A card only ever carries that client's own details, and only the fields you chose to show.

## Turning it on

In the app, open your portal's settings and switch on **Require verification**. It applies to the next search; nothing needs to change in your sheet.

## Tips

- Tell clients to expect the code e-mail, and to check their spam folder the first time.
- Prefer private access links for your most sensitive clients: one click, no code, and you can rotate or revoke the link at any time.
- Keep notes in the sheet factual and short. Even behind verification, write them as if the client were reading over your shoulder, because they are.
`,

  'branding-your-portal': `
Clients trust a page that looks like it comes from you. A few minutes in the portal configurator make the portal yours.

## Name and logo

- **Company name**: shown at the top of the portal and in the browser tab.
- **Logo**: the address of your logo image. Use a PNG or SVG with a transparent background, at least 200 pixels wide. If the image cannot be loaded, the portal hides it rather than showing a broken picture.

## Colours

- **Primary colour** (default #3B82F6): buttons, links and highlights.
- **Background colour** (default #F9FAFB): the page behind the status card.

Pick a primary colour dark enough for white text on buttons. If your brand colour is a light yellow or pastel, use a darker shade of it for the portal and keep the bright one in your logo.

## Welcome message

The default reads "Welcome! Check your project status below." Replace it with a sentence in your own voice that tells clients what they will find, for example: "Look up your 2025 tax return by the e-mail address you gave us. Statuses are updated every working day."

## What clients see

Choose which fields appear on a client's card:

- **Estimated completion**: the date from your workload settings. Turn it off if your work has no predictable length.
- **Priority**: useful when clients know priority classes exist (for example, rush orders); otherwise leave it off.
- **Notes**: the notes column of the sheet. Only turn it on if the notes are written for clients.

## Your own domain

On the Business and Enterprise plans the portal can run on your own address (status.yourfirm.com) with HTTPS, and without our name anywhere on it. See [pricing](/pricing) for the plans.
`,

  'reading-your-portal-analytics': `
The analytics page shows how your clients use the portal and how your work is flowing. Choose the period at the top: every figure on the page follows it.

## The figures

- **Total clients**: active and completed clients in the connected sheet.
- **Completed, In progress, Pending**: counted from the status words (see [Choosing status words your clients understand](/resources/guides/status-words-clients-understand)). Statuses that fit none of the three are only counted in the breakdown.
- **Completion rate**: completed clients divided by all clients, as a whole percentage.
- **Status breakdown**: every distinct status, in lower case, with its count. Misspelt statuses show up here as separate lines, which makes it the quickest way to find them.
- **Average time**: how long projects took from first appearing in the sheet to being marked completed, measured from the status history. With too few completed projects in the period, the page says there is not enough data instead of guessing.
- **Lookups**: how many times clients searched the portal. These are the searches counted against your plan.

## Questions worth asking

**Are lookups going up while calls go down?** That is the portal working. If lookups are low, clients may not know the link: see [Sharing portal links](/resources/guides/sharing-portal-links).

**Is "pending" growing week after week?** Work is arriving faster than it starts. Look at capacity on the Workload page before promising new dates.

**Is the average time drifting up?** Projects are taking longer than your average project duration setting. Raise the setting, so the estimates clients see stay honest.

**A spike of lookups on one day?** Often a deadline or a reminder e-mail. Useful to know for the next season.

## Plan usage

Your plan includes a number of searches per month (500, 2,500 or 10,000). At 80% and at 100% you get a warning in the app and by e-mail. Clients are never cut off in the middle of a month.
`,

  'handling-a-busy-season': `
Every service business has one: tax season, the end of the school year, the spring building rush. Work doubles, and so do the calls asking about the work. Here is a four-week plan to get through it with a portal doing the talking.

## Four weeks before

- **Clean the sheet.** One row per client, every row with an e-mail address, statuses from a short list ([here is how to choose them](/resources/guides/status-words-clients-understand)).
- **Set capacity from last year's numbers.** If you finished 12 projects a day at the peak, set 12, not the 20 you wish for. See [Setting capacity, working days and holidays](/resources/guides/capacity-working-days-and-holidays).
- **Add the holidays and closing days** that fall in the season.

## Two weeks before

- **Tell clients about the portal** before they need it. Our [announcement e-mails](/resources/templates/client-announcement-emails) are ready to copy.
- **Put the link everywhere**: e-mail signature, invoices, voicemail greeting, the front door.
- **Check your plan's searches.** A season of 400 clients, each looking twice a week, is about 3,200 searches a month: more than Professional includes.

## During the season

- **Update statuses once a day at a fixed time**, for example before you close. Clients learn when to look.
- **Answer status calls with the link.** Be friendly: "It's on our status page, and it updates every evening. Shall I send you the link?"
- **Watch utilisation.** When it turns red, stop promising dates over the phone: the portal's estimate already reflects the queue.
- **Use manual positions sparingly.** Every client you move ahead moves everyone else back.

## After the season

- Look at the analytics: lookups per week, average time, the statuses that piled up.
- Write down what you would change, while you still remember.
- Keep the portal running: the clients who learnt to use it this year will look there first next year.
`,

  'client-announcement-emails': `
A portal only helps once clients know about it. This template contains three short e-mails you can copy into any mail program:

1. **To existing clients**: "You can now check your status online", with what they will see and how to look themselves up.
2. **To new clients**: a paragraph for your welcome or engagement e-mail with their personal link.
3. **A friendly reminder** for clients who still call for updates.

Each has a subject line and body with {placeholders} for your business name, the portal link and the client's name. Download the text file with the button on this page.

## Tips for sending

- Send the launch e-mail early in the week, in the morning: people read it and try the link straight away.
- Use the personal link only in one-to-one e-mails. In a group e-mail, send the general portal link.
- Put the portal link in your e-mail signature too. See [Sharing portal links with your clients](/resources/guides/sharing-portal-links) for which link belongs where.
`,

  'sheet-to-shared-link-walkthrough': `
> The recording of this walkthrough is in production. Until it is published, here is the full transcript, step by step, with what you should see on screen at each point. [Get notified when the video is up](/coming-soon/video-tutorials).

## 0:00 What you need

A Google Sheet with one row per client and headings in the first row, and about fifteen minutes. We use the [client status sheet template](/resources/templates/client-status-sheet-template) in this walkthrough.

## 0:40 Create the account

Go to [sign up](/signup), enter your company name, your name, e-mail and phone, choose a password and a plan. Every plan starts with a free trial, no card required. You land on the welcome page, then the dashboard, which is empty for now.

## 2:10 Share the sheet

In Google Sheets: **Share**, General access **Anyone with the link**, role **Viewer**. Copy the address from the browser's address bar.

## 3:00 Connect it

In the app, open **Google Sheets** and choose **Import from an existing sheet**. Paste the address and press analyse. On screen: the headings of your sheet, each with the field it was matched to, and a confidence score. With the template, all columns are found and the score is green.

## 5:20 Check the mapping

Name, e-mail and status must each have a column. Priority and due date are optional but recommended: without a priority column, clients will not see a queue position. Press **Finalize Setup**.

## 6:30 Brand the portal

Open the portal configurator: company name, logo address, primary colour, welcome message, and which fields clients see. The preview updates as you type.

## 8:00 Set the workload

On the Workload page, set your average project duration and how many projects you start per day, and add your holidays. The estimates on the portal follow at once.

## 9:10 Test and share

Open the portal, look up one of the sample e-mail addresses, and check the card: status, queue position, estimated completion. Then copy the portal link and send it to your clients; [this guide](/resources/guides/sharing-portal-links) explains which link to send to whom.
`,

  'tax-practice-filing-season': `
> This is an **illustrative composite**, not the story of a named customer. It combines situations small tax practices commonly describe, to show how the product fits their season. The figures are examples, not measured results.

## The practice

A three-person practice preparing about 400 individual returns between February and April. Each return is a row in a shared Google Sheet: client name, e-mail, status, a priority (extensions and rush requests first) and a due date.

## The problem

In March, the phones ring all day with one question: "Has my return been filed yet?". Each call takes a few minutes to find the row, read the status and reassure the client. The owner estimates that a good part of the front-desk time goes to calls like this.

## The set-up

- The sheet already had the columns; the statuses were tidied to six: **Documents requested**, **Waiting for documents**, **In progress**, **In review**, **Ready to sign**, **Filed (completed)**.
- Priorities: **urgent** for clients with an imminent deadline, **high** for rush requests, **normal** for everyone else.
- Workload: average duration 5 working days, daily capacity 8, buffer 1 day, the practice's closing days as holidays.
- Portal: the firm's logo and colours, the welcome message "Look up your return by the e-mail address you gave us. Statuses are updated every evening.", notes hidden.
- Require verification switched on: tax work is sensitive.

## The season

The link went out in the engagement e-mail and on every invoice. When a client called anyway, the front desk answered and sent the link "for next time".

The figures to watch were on the analytics page: lookups per week against calls logged at the front desk, and utilisation on the Workload page, which turned yellow in the second half of March and red for a week in April: the moment to stop accepting rush work without moving a date.

## What to take from it

- Six client-friendly statuses beat twenty internal ones.
- Capacity set from last season's real throughput keeps dates honest.
- A portal link in every outgoing message is what makes clients use it.

Read more: [Handling a busy season](/resources/blog/handling-a-busy-season) and [Choosing status words your clients understand](/resources/guides/status-words-clients-understand).
`,

  'law-firms-and-confidentiality': `
Law firms have more reason than most to worry about a status page. A matter's existence can itself be confidential. Here is how to run a portal that helps clients without telling anyone else anything.

## What the portal protects by design

- **Exact lookups only.** A search matches the exact e-mail address or exact full name. There is no browsing, no partial match, no list.
- **The same answer for every miss.** "No project found" reads the same whatever the reason, so a search never confirms that someone is a client.
- **Rate limits** per visitor and per portal stop anyone trying addresses in bulk.
- **One card per answer**, with only the fields you choose to show.

## What to switch on

- **Require verification**: the client receives a 6-digit code by e-mail before the card is shown. See [Verification for private portals](/resources/guides/verification-for-private-portals).
- **Private access links** for each client, rotated or revoked when someone leaves or a link is forwarded.
- **Hide notes** unless they are written for the client.

## What to write in the sheet

The status column is seen by the client, and in the worst case by someone reading over their shoulder. Write it accordingly:

- Use neutral procedural steps: **Intake**, **Documents under review**, **Drafting**, **Awaiting signature**, **Filed**, **Closed**.
- Never put the other party's name, the court, or the nature of the matter in a visible column.
- Use a matter number rather than a description as the client ID.

## What to tell clients

Explain in the engagement letter that a status page exists, what it shows and that it never shows documents or advice. Clients who prefer not to use it can simply ignore it.
`,

  'construction-project-updates': `
A homeowner waiting for a kitchen remodel wants two things: to know when the crew arrives, and to know if anything is needed from them. A portal gives them both, if the statuses are written for them rather than for the site foreman.

## Statuses homeowners understand

- **Quote accepted**: you are in our schedule.
- **Waiting for permit**: we have applied; the city sets the pace.
- **Waiting for your selections**: we need your choices (tiles, fixtures) before ordering.
- **Materials ordered**
- **Scheduled**: the start date is set.
- **In progress**: work has started.
- **Final inspection**
- **Completed**

Put what is needed in the notes column when a status waits on the client, for example "Please choose the worktop colour by Friday".

## Making the queue meaningful

Use the priority column for what really changes the order: emergency repairs as **urgent**, insurance deadlines as **high**, everything else **normal**. Set a **manual position** for a job whose start date is fixed by someone else (an inspector, a supplier), so it does not drift.

## Making the dates honest

Building work has long, uneven durations. Two settings help:

- **Average project duration**: set it from your typical job, in working days, and use the priority multipliers for the small and large ones.
- **Holidays**: add the days the crew does not work, including the week you close in winter. Weather cannot be planned; a generous **buffer** (three to five days) can.

If your jobs vary too much for a single average, consider hiding the estimated completion date and showing only the queue position and status.

## Sharing

Send the portal link with the signed quote, and again when the job is scheduled. The [announcement e-mails](/resources/templates/client-announcement-emails) work for contractors too: replace "project" with "job".
`,
};
