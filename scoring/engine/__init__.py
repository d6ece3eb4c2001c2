"""The scoring engine: pure Python, no Django. The Django apps call it; it never calls them."""
