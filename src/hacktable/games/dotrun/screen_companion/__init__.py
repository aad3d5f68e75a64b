"""The ./Run companion's screen: its template and its builder (`builder.prepare`), read by the
web layer; it borrows the board game's task panel, CSS and JS (`../screen/`)."""
