// The "Announcement e-mails for your portal" template (a resource download): plain text to copy into any mail
// program. {placeholders} are for the business to fill in.

export const announcementEmailsText = `STATUSLINK ANNOUNCEMENT E-MAILS
Three short e-mails to introduce your status portal. Replace every {placeholder} before sending.

============================================================
1. TO EXISTING CLIENTS: "You can now check your status online"
============================================================

Subject: Check the status of your {project type} online, any time

Hello {client first name},

From today you can see where your {project type} stands without calling or e-mailing us. Open this page:

{your portal link}

Enter the e-mail address you use with us (or your full name) and you will see:
- the current status of your {project type},
- how many projects are ahead of yours, and
- the date we expect to finish.

The page updates as we work, so it is always the latest information we have. If something looks wrong, or you
have a question the page does not answer, just reply to this e-mail.

Thank you for working with us,
{your name}
{business name} | {phone}

============================================================
2. TO NEW CLIENTS: add to your welcome or engagement e-mail
============================================================

Subject: Welcome to {business name}: how to follow your {project type}

Hello {client first name},

Thank you for choosing {business name}. Your {project type} is now in our queue.

You can follow its progress at any time here:
{personal portal link}

This link is personal to you; please do not forward it. We update the status as soon as anything changes, and
the page shows the date we expect to finish, counted in our working days.

If we need anything from you, we will contact you directly.

{your name}
{business name}

============================================================
3. REMINDER: for clients who still call for updates
============================================================

Subject: The quickest way to see your status

Hello {client first name},

Thank you for checking in. The quickest way to see where your {project type} stands is our status page:

{your portal link}

It shows the same information we would give you on the phone, and it is available around the clock. Today your
project's status is: {current status}.

Best regards,
{your name}
{business name}

------------------------------------------------------------
Tips
- Send e-mail 1 in the morning early in the week; people read it and try the link straight away.
- Put the portal link in your e-mail signature and on your invoices.
- Use the personal link (e-mail 2) for new clients: it opens their card without a search.
`;
