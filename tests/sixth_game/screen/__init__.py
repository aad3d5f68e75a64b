"""Blind Bids' screen: its template, its builder, its stylesheet and its script."""
