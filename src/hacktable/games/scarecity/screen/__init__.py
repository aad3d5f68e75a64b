"""Scare-City's screen: its template and partials, its builder (`builder.prepare`) and its CSS
and JS, read by the web layer."""
