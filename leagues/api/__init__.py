"""leagues' REST API, by resource: ``clubs``, ``players``, ``rulesets``, ``seasons``,
``me``; their ``serializers`` and ``scope`` (what every resource under a club is built on)."""
