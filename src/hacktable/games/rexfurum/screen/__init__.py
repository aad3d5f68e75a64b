"""Rex Furum's screen: its template and its builder (`builder.prepare`), read by the web
layer."""
