"""Media made from the pure specs games keep in their state: spoken passcodes under noise.

Games stay pure (no I/O, no subprocess); this layer does the rendering when a page asks
for it, so a recording is never stored and its spec never leaves the server.
"""
