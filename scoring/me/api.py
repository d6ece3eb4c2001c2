"""GET /api/v1/me/stats/: the figures of 我的 (scoring.me.selectors) for the caller."""
