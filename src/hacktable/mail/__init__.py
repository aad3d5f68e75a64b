"""Email play (docs/mail.md): a gateway that lets players play a match from their mail client.

Mail comes in through the built-in SMTP receiver or an IMAP mailbox, is matched to a seat by
a per-seat secret and the sender's address, and becomes a move at the table through
`server.table.Table`; acknowledgements, phase letters and the final ranking go out through
a stored outbox. See docs/mail.md.
"""
