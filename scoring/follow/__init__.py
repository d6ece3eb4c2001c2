"""Following a session or a night from another phone: its URLs (``urls``), the pages and
polls of a session's follow and its secret link (``views``), and what every follow poll
answers, the board's included (``poll``: 304 until something changes, then the page's
fresh parts)."""
