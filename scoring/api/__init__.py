"""scoring's REST API, by resource: ``sessions``, ``rounds``, ``paper_sessions``,
``standings`` (standings, ratings and CSV downloads added to leagues' resources),
``calculator`` (score, rulesets), ``analyse``, ``parse``; their ``serializers``, the
round format's documented shapes (``schema_shapes``), ``lookups`` and ``urls``."""
