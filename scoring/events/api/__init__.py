"""REST API of league nights, by resource: ``events`` (events and every action of a
night), ``penalties``, ``cards`` (the result cards), their ``serializers`` and ``urls``."""
